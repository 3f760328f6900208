"""Everything semantic about one parsed module: the kernel rules on each kernel, the host
ownership analysis on every other body (each function, lambda and class body, and the module's
own), with kernels found in the module or, through ``Project``, in the modules it imports."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from tilecheck.diagnostics import Diagnostic
from tilecheck.flow import CFG, ElementKind, build_cfg
from tilecheck.host.analysis import BodyAnalysis
from tilecheck.host.context import Context
from tilecheck.host.findings import to_diagnostic
from tilecheck.host.kernels import is_device_def, module_constants, module_launchables
from tilecheck.host.launch import LaunchSignature
from tilecheck.host.scopes import declared_anywhere
from tilecheck.kernel import ImportResolver, check_kernel
from tilecheck.names import DEVICE_FUNCTION
from tilecheck.project import Project
from tilecheck.statement_positions import StatementPositions

# Canonical names under these prefixes are never kernels of another module of the project.
_NOT_USER_CODE = ("tilert", "builtins.", "<module>.", "numpy", "asyncio.", "typing.")


def check_module(
    module: cst.Module,
    *,
    path: str,
    project: Project | None,
    kernel_decorators: Sequence[str] = (),
) -> list[Diagnostic]:
    """The TC1xx and TC2xx findings of ``module`` (read from ``path``), sorted."""
    resolver = ImportResolver(module, kernel_decorators)
    top = build_cfg(module.body)
    kernels = module_launchables(module.body, top.nested, resolver, kernel_decorators)

    def kernel_for(dotted: str) -> LaunchSignature | None:
        local = kernels.get(dotted)
        if local is not None or project is None:
            return local
        canonical = resolver.resolve(dotted)
        if canonical is None or canonical == DEVICE_FUNCTION:
            return None
        return None if canonical.startswith(_NOT_USER_CODE) else project.kernel(canonical, path)

    ctx = Context(resolver, kernel_for, module_constants(module.body), declared_anywhere(module))
    positions = StatementPositions(module)
    diagnostics: list[Diagnostic] = []
    # Each body with the module statement it lies in (None: the module body, whose findings
    # know their own statement).
    bodies: list[tuple[cst.CSTNode, CFG | None, int | None]] = [(module, top, None)]
    while bodies:
        node, cfg, statement = bodies.pop()
        analysis = BodyAnalysis(ctx)
        try:
            if isinstance(node, cst.Lambda):
                analysis.run_lambda(node)
            elif isinstance(node, cst.FunctionDef):
                assert cfg is not None
                analysis.run_function(node, cfg)
            else:
                assert cfg is not None
                analysis.run_body(cfg)
        except RecursionError:  # an expression nested deeper than Python's stack: this body
            pass  # is not followed, the definitions nested in it still are
        else:
            for finding in analysis.findings():
                near = finding.top if statement is None else statement
                diagnostics.append(to_diagnostic(finding, path, positions.scoped(near)))
            bodies.extend(
                (lam, None, top if statement is None else statement)
                for lam, top in analysis.lambdas
            )
        nested_in = _statement_of_nested(cfg, statement)
        for nested in cfg.nested if cfg is not None else ():
            where = nested_in.get(id(nested), 0)
            if isinstance(nested, cst.FunctionDef) and is_device_def(
                nested, resolver, kernel_decorators
            ):
                found = check_kernel(nested, resolver, path=path, positions=positions.scoped(where))
                diagnostics.extend(found)
            else:
                bodies.append((nested, build_cfg(nested.body.body), where))
    return sorted(diagnostics, key=Diagnostic.sort_key)


def _statement_of_nested(cfg: CFG | None, statement: int | None) -> dict[int, int]:
    """For each nested definition of a body, the module statement it lies in."""
    if cfg is None:
        return {}
    if statement is not None:
        return {id(n): statement for n in cfg.nested}
    return {
        id(e.node): e.top
        for block in cfg.blocks
        for e in block.elements
        if e.kind is ElementKind.DEF
    }

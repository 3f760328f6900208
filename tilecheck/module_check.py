"""Everything semantic about one parsed module: the kernel rules on each kernel, the host
ownership analysis on every other body (each function, lambda and class body, and the module's
own), with kernels found in the module or, through ``Project``, in the modules it imports."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from tilecheck.diagnostics import Diagnostic, Span
from tilecheck.flow import CFG, build_cfg
from tilecheck.host.analysis import BodyAnalysis, Context
from tilecheck.host.findings import Finding, to_diagnostic
from tilecheck.host.kernels import is_device_def, module_constants, module_kernels
from tilecheck.host.launch import LaunchSignature
from tilecheck.kernel_rules import ImportResolver, check_kernel
from tilecheck.names import DEVICE_FUNCTION
from tilecheck.positions import PositionLookup
from tilecheck.project import Project

# Canonical names under these prefixes are never user kernels: no need to ask the Project.
_NOT_USER_CODE = ("tilert", "builtins.", "numpy", "asyncio.", "typing.")


def check_module(
    module: cst.Module,
    *,
    path: str,
    project: Project | None,
    kernel_decorators: Sequence[str] = (),
) -> list[Diagnostic]:
    """The TC1xx and TC2xx findings of ``module`` (read from ``path``), sorted."""
    resolver = ImportResolver(module)
    top = build_cfg(module.body)
    kernels = module_kernels(top.nested, resolver, kernel_decorators)

    def kernel_for(dotted: str) -> LaunchSignature | None:
        local = kernels.get(dotted)
        if local is not None or project is None:
            return local
        canonical = resolver.resolve(dotted)
        if (
            canonical is None
            or canonical == DEVICE_FUNCTION
            or canonical.startswith(_NOT_USER_CODE)
        ):
            return None
        return project.kernel(canonical, path)

    ctx = Context(resolver, kernel_for, module_constants(module.body))
    positions: PositionLookup | None = None

    def span_of(node: cst.CSTNode) -> Span:
        nonlocal positions
        if positions is None:
            positions = PositionLookup(module)
        return positions.span(node)

    findings: list[Finding] = []
    diagnostics: list[Diagnostic] = []
    bodies: list[tuple[cst.CSTNode, CFG | None]] = [(module, top)]
    while bodies:
        node, cfg = bodies.pop()
        analysis = BodyAnalysis(ctx)
        if isinstance(node, cst.Lambda):
            analysis.run_lambda(node)
        elif isinstance(node, cst.FunctionDef):
            assert cfg is not None
            analysis.run_function(node, cfg)
        else:
            assert cfg is not None
            analysis.run_body(cfg)
        findings.extend(analysis.findings())
        bodies.extend((lam, None) for lam in analysis.lambdas)
        for nested in cfg.nested if cfg is not None else ():
            if isinstance(nested, cst.FunctionDef) and is_device_def(
                nested, resolver, kernel_decorators
            ):
                diagnostics.extend(
                    check_kernel(nested, resolver=resolver, path=path, positions=span_of)
                )
            else:
                bodies.append((nested, build_cfg(nested.body.body)))
    diagnostics.extend(to_diagnostic(f, path, span_of) for f in findings)
    return sorted(diagnostics, key=Diagnostic.sort_key)

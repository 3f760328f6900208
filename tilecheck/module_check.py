"""Everything semantic about one parsed module: the kernel rules on each kernel, the host
ownership analysis on every other body (each function, lambda and class body, and the module's
own), with kernels found in the module or, through ``Project``, in the modules it imports."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Sequence
from pathlib import Path

import libcst as cst

from tilecheck.diagnostics import Diagnostic
from tilecheck.flow import CFG, ElementKind, build_cfg
from tilecheck.host.analysis import BodyAnalysis
from tilecheck.host.classes import ClassInfo, class_info, module_classes
from tilecheck.host.context import Context
from tilecheck.host.findings import to_diagnostic
from tilecheck.host.functions import Functions
from tilecheck.host.kernels import is_device_def, module_constants, module_launchables
from tilecheck.host.launch import LaunchSignature
from tilecheck.host.scopes import declared_anywhere
from tilecheck.host.summary import Summary
from tilecheck.kernel import ImportResolver, check_kernel
from tilecheck.names import DEVICE_FUNCTION
from tilecheck.project import Project
from tilecheck.statement_positions import StatementPositions

# Canonical names under these prefixes are never kernels of another module of the project.
_NOT_USER_CODE = ("tilert", "builtins.", "<module>.", "numpy", "asyncio.", "typing.")


def _module_context(
    module: cst.Module, path: str, project: Project | None, kernel_decorators: Sequence[str]
) -> tuple[ImportResolver, CFG, Context, Functions]:
    """What every body of ``module`` shares: names, kernels, constants, classes, and the
    summaries of the functions it defines or imports from the checked tree."""
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

    device = {
        id(d)
        for d in top.nested
        if isinstance(d, cst.FunctionDef) and is_device_def(d, resolver, kernel_decorators)
    }
    functions = Functions(top.nested, device)

    def summary_for(name: str) -> Summary | None:
        method = "." in name and name.split(".")[0] in ctx.classes
        if name in functions.defs or project is None or method:
            return functions.summary_for(name)
        canonical = resolver.resolve(name)
        if canonical is None or canonical.startswith(_NOT_USER_CODE):
            return None
        return _imported_summary(project, canonical, path, kernel_decorators, 0)

    ctx = Context(
        resolver,
        kernel_for,
        module_constants(module.body),
        declared_anywhere(module),
        module_classes(module, resolver),
        summary_for,
    )
    functions.ctx = ctx
    return resolver, top, ctx, functions


# The contexts of the modules other modules import functions from, per project and file.
_IMPORTED: weakref.WeakKeyDictionary[Project, dict[Path, tuple[int, Functions]]]
_IMPORTED = weakref.WeakKeyDictionary()
_MAX_HOPS = 8  # re-exports followed (``pkg/__init__.py`` importing from ``.helpers``)


def _imported_summary(
    project: Project, canonical: str, importer: str | Path, decorators: Sequence[str], hops: int
) -> Summary | None:
    """The summary of a function another module of the checked tree defines."""
    module_name, _, name = canonical.rpartition(".")
    found = project.module_of(module_name, importer) if module_name and name else None
    if found is None or hops > _MAX_HOPS:
        return None
    path, mtime, module, resolver = found
    if name not in {s.name.value for s in module.body if isinstance(s, cst.FunctionDef)}:
        target = resolver.resolve(name)  # re-exported from elsewhere?
        if target is None or target == canonical or target.startswith(_NOT_USER_CODE):
            return None
        return _imported_summary(project, target, path, decorators, hops + 1)
    cache = _IMPORTED.setdefault(project, {})
    known = cache.get(path)
    if known is None or known[0] != mtime:
        _, _, _, functions = _module_context(module, str(path), project, decorators)
        known = cache[path] = (mtime, functions)
    return known[1].summary_for(name)


def check_module(
    module: cst.Module,
    *,
    path: str,
    project: Project | None,
    kernel_decorators: Sequence[str] = (),
) -> list[Diagnostic]:
    """The TC1xx and TC2xx findings of ``module`` (read from ``path``), sorted."""
    # The analysis makes many small objects that die young and no reference cycles worth
    # collecting before it ends; a full collection meanwhile would walk the whole tree (a
    # module of 20,000 lines is millions of nodes) again and again.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _check_module(module, path, project, kernel_decorators)
    finally:
        if collecting:
            gc.enable()


def _check_module(
    module: cst.Module, path: str, project: Project | None, kernel_decorators: Sequence[str]
) -> list[Diagnostic]:
    resolver, top, ctx, functions = _module_context(module, path, project, kernel_decorators)
    methods_of: dict[int, ClassInfo] = {}  # a method's def -> its class
    positions = StatementPositions(module)
    diagnostics: list[Diagnostic] = []
    # Each body with the module statement it lies in (None: the module body, whose findings
    # know their own statement).
    bodies: list[tuple[cst.CSTNode, CFG | None, int | None]] = [(module, top, None)]
    while bodies:
        node, cfg, statement = bodies.pop()
        done = functions.analyses.pop(id(node), None)  # summarized already: analysed
        analysis = done or BodyAnalysis(ctx, methods_of.get(id(node)))
        if isinstance(node, cst.ClassDef):
            info = ctx.classes.get(node.name.value) or class_info(node, resolver)
            if cfg is not None:
                methods_of.update((id(d), info) for d in cfg.nested if d is not None)
        try:
            if done is not None:
                pass
            elif isinstance(node, cst.Lambda):
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

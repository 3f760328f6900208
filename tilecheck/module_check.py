"""Everything semantic about one parsed module: the kernel rules on each kernel, the host
ownership analysis on every other body (each function, lambda and class body, and the module's
own), with kernels found in the module or, through ``Project``, in the modules it imports."""

from __future__ import annotations

import dataclasses
import functools
import gc
import weakref
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import libcst as cst

from tilecheck.diagnostics import Diagnostic
from tilecheck.flow import CFG, ElementKind, build_cfg
from tilecheck.flow.filled import FilledAttributes
from tilecheck.host import gaps
from tilecheck.host.analysis import BodyAnalysis
from tilecheck.host.bound_once import (
    bound_again,
    bound_once,
    module_flags,
    module_literals,
    never_in,
)
from tilecheck.host.callable_params import given_callables
from tilecheck.host.cells import plain_records
from tilecheck.host.class_lists import class_lists
from tilecheck.host.classes import ClassInfo, class_info, module_classes
from tilecheck.host.constant_fields import field_values
from tilecheck.host.constant_tables import Constants, constant_tables
from tilecheck.host.context import Context
from tilecheck.host.dict_walks import dict_walks
from tilecheck.host.dunders import class_dunders
from tilecheck.host.empty_fields import empty_fields
from tilecheck.host.enum_members import enum_constants, enum_walks, int_enums
from tilecheck.host.factories import partition_maker_of
from tilecheck.host.findings import Finding as HostFinding
from tilecheck.host.findings import to_diagnostic
from tilecheck.host.functions import Functions
from tilecheck.host.generators import Generators
from tilecheck.host.global_reads import GlobalReads, module_code
from tilecheck.host.handed_items import handed_findings
from tilecheck.host.imported_bases import with_imported_bases
from tilecheck.host.kernels import (
    is_device_def,
    kernel_partials,
    module_constants,
    module_launchables,
)
from tilecheck.host.key_lists import key_lists
from tilecheck.host.lambdas import lowered
from tilecheck.host.launch import LaunchSignature
from tilecheck.host.lazy_code import drawn_at_once, moved
from tilecheck.host.library import library_signature
from tilecheck.host.managers import Managers
from tilecheck.host.named_attributes import constant_getattrs
from tilecheck.host.param_keys import CalledNames
from tilecheck.host.plain_bodies import plain_definitions
from tilecheck.host.resumed import resumed
from tilecheck.host.scope_constants import ScopeConstants
from tilecheck.host.scope_walks import walk_lengths
from tilecheck.host.scopes import declared_anywhere
from tilecheck.host.summary import Summary
from tilecheck.host.table_calls import dispatched
from tilecheck.incremental.units import Round
from tilecheck.kernel import ImportResolver
from tilecheck.kernel.checker import kernel_findings
from tilecheck.kernel.findings import Finding as KernelFinding
from tilecheck.kernel.launches import launches_in
from tilecheck.names import DEVICE_FUNCTION
from tilecheck.positions import SpanOf
from tilecheck.project import Project
from tilecheck.statement_lines import statement_starts
from tilecheck.statement_positions import StatementPositions
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import forget_children

# Canonical names under these prefixes are never kernels of another module of the project.
_NOT_USER_CODE = ("tilert", "builtins.", "<module>.", "numpy", "asyncio.", "typing.")


def _module_context(
    module: cst.Module,
    path: str,
    project: Project | None,
    kernel_decorators: Sequence[str],
    declared: frozenset[str] | None = None,
    text: str | None = None,
) -> tuple[ImportResolver, CFG, Context, Functions]:
    """What every body of ``module`` shares: names, kernels, constants, classes, and the
    summaries of the functions it defines or imports from the checked tree."""
    resolver = ImportResolver(module, kernel_decorators)
    rebindable = declared_anywhere(module) if declared is None else declared
    flags = module_flags(module.body, rebindable)
    literals = functools.cache(lambda: module_literals(module.body, rebindable))
    managers = Managers(module.body)  # ``with`` of a ``@contextmanager`` built in place
    constants = module_constants(module.body)
    again = bound_again(module.body, constants) | rebindable
    known = Constants({name: value for name, value in constants.items() if name not in again})
    # the module's names (``known_keys``), walked once where first asked
    module_names = functools.cache(lambda: CalledNames(module, numbers=known))
    top = build_cfg(
        module.body,
        never_in(flags, None, literals),
        splice=managers.splice(module.body, True),
        constants=known,
        lengths=walk_lengths(module_names, None),
    )
    kernels = module_launchables(module.body, top.nested, resolver, kernel_decorators)

    def kernel_for(dotted: str) -> LaunchSignature | None:
        local = kernels.get(dotted)
        if local is not None:
            return local
        if project is None:
            canonical = resolver.resolve(dotted)
            return library_signature(canonical) if canonical is not None else None
        canonical = resolver.resolve(dotted)
        if canonical is None or canonical == DEVICE_FUNCTION:
            return None
        if canonical.startswith(_NOT_USER_CODE):
            return library_signature(canonical)
        return project.kernel(canonical, path)

    kernels.update(kernel_partials(module, kernel_for, resolver))

    device = {
        id(d)
        for d in top.nested
        if isinstance(d, cst.FunctionDef) and is_device_def(d, resolver, kernel_decorators)
    }
    functions = Functions(
        top.nested, device, _statement_of_nested(top, None), module.body, text, resolver.resolve
    )

    def find_class(canonical: str) -> ClassInfo | None:
        if project is None or canonical.startswith(_NOT_USER_CODE):
            return None
        module_name, _, name = canonical.rpartition(".")
        found = _imported_functions(project, module_name, path, kernel_decorators)
        return found.ctx.classes.get(name) if found is not None and found.ctx else None

    def summary_for(name: str) -> Summary | None:
        owner = ctx.classes.get(name.split(".")[0]) if "." in name else None
        method = owner is not None and owner.origin is None  # a method of the module's own
        if name in functions.defs or project is None or method:
            outer = owner.inherits if owner is not None and method else None
            if outer is None or name in functions.defs or name in functions.inherited:
                return functions.summary_for(name)
            return summary_for(f"{outer}.{name.partition('.')[2]}")  # the imported base's
        canonical = resolver.resolve(name)
        if canonical is None or canonical.startswith(_NOT_USER_CODE):
            return None
        if canonical not in imported:  # (``mod.f(...)`` in a loop: one look-up of its file)
            found = _imported_summary(project, canonical, path, kernel_decorators, 0)
            # its nodes lie in another file: its findings stay at the call
            imported[canonical] = (
                dataclasses.replace(found, statement=None) if found is not None else None
            )
        return imported[canonical]

    imported: dict[str, Summary | None] = {}

    index = SyntaxIndex()  # the module's syntax, walked once for every analysis that asks

    def find_def(dotted: str) -> cst.FunctionDef | None:
        canonical = resolver.resolve(dotted) if project is not None else None
        if project is None or canonical is None or canonical.startswith(_NOT_USER_CODE):
            return None
        return _imported_def(project, canonical, path, 0)

    classes = module_classes(module, resolver, find_class, index, find_def)
    enums = int_enums(module, resolver.resolve)
    known.update(enum_constants(enums))
    known.tables = functools.cache(lambda: constant_tables(module, index))
    ctx = Context(
        resolver,
        kernel_for,
        known,
        rebindable,
        with_imported_bases(module, resolver, classes, find_class),
        summary_for,
    )
    ctx.flags = flags
    ctx.literals = literals
    ctx.empty_fields = functools.cache(lambda: empty_fields(module))
    ctx.field_values = functools.cache(lambda: field_values(module))
    ctx.managers = managers
    ctx.index = index
    ctx.module = module
    ctx.dunders = class_dunders(module)
    ctx.streams = functools.cache(lambda: bound_once(module.body, ctx.stream_maker, rebindable))
    ctx.arrays = functools.cache(lambda: bound_once(module.body, ctx.array_maker, rebindable))
    ctx.ops = functools.cache(lambda: bound_once(module.body, ctx.launches, rebindable))
    ctx.bound_once = functools.cache(lambda: bound_once(module.body, _any, rebindable))
    ctx.tensors = functools.cache(lambda: bound_once(module.body, ctx.tensor_maker, rebindable))
    ctx.partitions = functools.cache(
        lambda: bound_once(module.body, partition_maker_of(module, find_def), rebindable)
    )
    ctx.filled = FilledAttributes(module)
    ctx.key_lists = functools.cache(
        lambda: {**key_lists(module), **enum_walks(enums), **class_lists(module)}
    )
    ctx.dict_keys = functools.cache(lambda: dict_walks(module))
    ctx.walked_length = functools.cache(
        lambda n: len(ctx.key_lists().get(n) or ctx.dict_keys().get(n, ())) or None
    )
    ctx.records = functools.cache(lambda: plain_records(module))
    ctx.known_names = module_names
    ctx.drawn = functools.cache(
        lambda: drawn_at_once(index.nodes(module), lambda f: ctx.callee(f).canonical)
    )
    ctx.definition_for = functions.definition
    ctx.function_for = functions.function
    ctx.add_def = functions.add_def
    ctx.global_reads = functools.cache(
        lambda: GlobalReads(module_code(tuple(module.body)), resolver)
    )
    functions.ctx = ctx
    return resolver, top, ctx, functions


# The contexts of the modules other modules import functions from, per project and file.
_IMPORTED: weakref.WeakKeyDictionary[Project, dict[Path, tuple[int, Functions]]]
_IMPORTED = weakref.WeakKeyDictionary()
_MAX_HOPS = 8  # re-exports followed (``pkg/__init__.py`` importing from ``.helpers``)
_BUILDING: set[Path] = set()  # the imported modules whose context is being made


def _imported_summary(
    project: Project, canonical: str, importer: str | Path, decorators: Sequence[str], hops: int
) -> Summary | None:
    """The summary of a function another module of the checked tree defines."""
    module_name, _, name = canonical.rpartition(".")
    found = project.module_of(module_name, importer) if module_name and name else None
    if found is None and "." in module_name:  # ``pkg.layers.Linear.forward``: a method
        owner_module, _, owner = module_name.rpartition(".")
        functions = _imported_functions(project, owner_module, importer, decorators)
        method = functions.summary_for(f"{owner}.{name}") if functions is not None else None
        if method is not None:
            return method
    if found is None or hops > _MAX_HOPS:
        return None
    path, _, module, resolver = found
    if name not in {s.name.value for s in module.body if isinstance(s, cst.FunctionDef)}:
        target = resolver.resolve(name)  # re-exported from elsewhere?
        if target is None or target == canonical or target.startswith(_NOT_USER_CODE):
            return None
        return _imported_summary(project, target, path, decorators, hops + 1)
    functions = _imported_functions(project, module_name, importer, decorators)
    return functions.summary_for(name) if functions is not None else None


def _imported_def(
    project: Project, canonical: str, importer: str | Path, hops: int
) -> cst.FunctionDef | None:
    """The ``def`` of a function another module of the checked tree defines, through the
    packages that re-export it (``from pkg.host import vec`` in ``pkg/__init__.py``)."""
    module_name, _, name = canonical.rpartition(".")
    found = project.module_of(module_name, importer) if module_name else None
    if found is None or hops > _MAX_HOPS:
        return None
    for stmt in found[2].body:
        if type(stmt) is cst.FunctionDef and stmt.name.value == name:
            return stmt
    target = found[3].resolve(name)  # re-exported from elsewhere? (round 39S)
    if target is None or target == canonical or target.startswith(_NOT_USER_CODE):
        return None
    return _imported_def(project, target, found[0], hops + 1)


def _imported_functions(
    project: Project, module_name: str, importer: str | Path, decorators: Sequence[str]
) -> Functions | None:
    """The functions (and, through their context, the classes) of another module of the
    checked tree, analysed on demand once per version of its file."""
    found = project.module_of(module_name, importer) if module_name else None
    if found is None:
        return None
    path, mtime, module, _ = found
    cache = _IMPORTED.setdefault(project, {})
    known = cache.get(path)
    if known is None or known[0] != mtime:
        if path in _BUILDING:  # modules that import each other's classes
            return None
        _BUILDING.add(path)
        try:
            _, _, _, functions = _module_context(module, str(path), project, decorators)
        finally:
            _BUILDING.discard(path)
        known = cache[path] = (mtime, functions)
    return known[1]


def check_module(
    module: cst.Module,
    *,
    path: str,
    project: Project | None,
    kernel_decorators: Sequence[str] = (),
    reuse: Round | None = None,
    show_gaps: bool = False,
    source: str | None = None,
) -> list[Diagnostic]:
    """The TC1xx and TC2xx findings of ``module`` (read from ``path``), sorted. ``reuse``: the
    findings of an earlier check of this document (``tilecheck.incremental``), reused for the
    top-level statements whose findings cannot have changed. ``show_gaps``: with the places
    the host analysis gave up on an object (``tilecheck.host.gap_reasons``, codes ``TC9xx``).
    ``source``: the text ``module`` was parsed from, where the caller has it: the findings'
    lines are read off it (``tilecheck.statement_lines``) rather than counted in the tree."""
    # The analysis makes many small objects that die young and no reference cycles worth
    # collecting before it ends; a full collection meanwhile would walk the whole tree (a
    # module of 20,000 lines is millions of nodes) again and again.
    collecting = gc.isenabled()
    gc.disable()
    gaps.RECORDING = show_gaps
    try:
        return _check_module(module, path, project, kernel_decorators, reuse, source)
    finally:
        gaps.RECORDING = False
        forget_children()
        if collecting:
            gc.enable()


def _check_module(
    module: cst.Module,
    path: str,
    project: Project | None,
    kernel_decorators: Sequence[str],
    reuse: Round | None,
    source: str | None,
) -> list[Diagnostic]:
    declared = reuse.declared_anywhere if reuse is not None else None
    # Analysed with each loop over a module generator stepped together with the generator's
    # (``tilecheck.host.generators``); findings are placed by the source's statements.
    shown, module = module, Generators(lowered(module)).module()
    # ... and each generator expression kept in a name written where it is drawn
    module, aliases = moved(module)
    # ... and a module generator's pieces written where ``next`` runs them
    module, resumed_from = resumed(module)
    aliases.update(resumed_from)
    # ... and the module's functions called through a table or a loop over a display called
    # as themselves (``tilecheck.host.table_calls``)
    module, tabled = dispatched(module, source)
    aliases.update((new, aliases.get(old, old)) for new, old in tabled.items())
    # ... and a parameter every call gives one function of the module read as that function
    # (``tilecheck.host.callable_params``)
    module, passed = given_callables(module, source)
    aliases.update((new, aliases.get(old, old)) for new, old in passed.items())
    # ... and each ``getattr(obj, "name")`` read as ``obj.name`` (``named_attributes``)
    module, named = constant_getattrs(module, source)
    aliases.update((new, aliases.get(old, old)) for new, old in named.items())
    resolver, top, ctx, functions = _module_context(
        module, path, project, kernel_decorators, declared, source
    )
    ctx.text = source
    methods_of: dict[int, ClassInfo] = {}  # a method's def -> its class
    launches = launches_in(module, resolver)  # for the kernels' tile-type rules
    starts = statement_starts(shown, source) if source is not None else None
    memo = reuse.memo if reuse is not None else None
    positions = StatementPositions(shown, memo, aliases, starts)
    plain = plain_definitions(module, source)  # analysed only where analysed code calls them
    # What the bodies nested in each module statement found (None: the module body's own, each
    # with its statement), and what ``reuse`` still has (those bodies are not analysed again).
    found: dict[int | None, list[tuple[AnyFinding, int]]] = defaultdict(list)
    reused: dict[int, list[object] | None] = {}

    def reusable(index: int) -> bool:
        if index not in reused:
            reused[index] = reuse.findings(index) if reuse is not None else None
        return reused[index] is not None

    # Each body with the module statement it lies in (None: the module body, whose findings
    # know their own statement).
    bodies: list[tuple[cst.CSTNode, CFG | None, int | None]] = [(module, top, None)]
    while bodies:
        node, cfg, statement = bodies.pop()
        if statement is not None and reusable(statement):
            continue
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
                if isinstance(node, cst.Module):
                    analysis.module_node = node
                analysis.run_body(cfg)
        except RecursionError:  # an expression nested deeper than Python's stack: this body
            pass  # is not followed, the definitions nested in it still are
        else:
            for finding in analysis.findings():
                near = finding.top if statement is None else statement
                found[statement].append((finding, _near(finding, near)))
            bodies.extend(
                (lam, None, top if statement is None else statement)
                for lam, top in analysis.lambdas
            )
        nested_in = _statement_of_nested(cfg, statement)
        for nested in cfg.nested if cfg is not None else ():
            where = nested_in.get(id(nested), 0)
            if statement is None and (reusable(where) or nested in plain):
                continue
            if isinstance(nested, cst.FunctionDef) and is_device_def(
                nested, resolver, kernel_decorators
            ):
                kernel = kernel_findings(nested, resolver, launches)
                found[where].extend((finding, where) for finding in kernel)
            else:
                scope = nested if isinstance(nested, cst.FunctionDef) else None
                never = never_in(ctx.flags, scope, ctx.literals, ctx.empty_fields, ctx.field_values)
                body = nested.body.body
                splice = managers.splice(body, False) if (managers := ctx.managers) else None
                known = ScopeConstants(ctx, scope)
                lengths = walk_lengths(ctx.known_names, scope, ctx.walked_length, known)
                cfg = build_cfg(body, never, ctx.filled, splice, known, lengths)
                bodies.append((nested, cfg, where))
    # reads of a tensor handed over through a queue before its Pending's wait (round 38Q)
    for finding, index in handed_findings(ctx, module):
        if not reusable(index):
            found[index].append((finding, index))
    if reuse is not None:
        for index in range(len(module.body)):
            if not reusable(index):
                reuse.store(index, [finding for finding, _ in found.get(index, ())])
    for index, kept in reused.items():
        found[index].extend(
            (finding, _near(finding, index)) for finding in cast(list[AnyFinding], kept or [])
        )
    diagnostics = [
        _placed(finding, path, positions.scoped(near))
        for findings in found.values()
        for finding, near in findings
    ]
    # a finding inside a function that two of its callers reported (TC105, TC110), or that
    # its own analysis and a call running it in place both reported, is one
    unique: dict[tuple[str, object, str], Diagnostic] = {}
    for diagnostic in sorted(diagnostics, key=lambda d: len(d.labels)):
        unique.setdefault((diagnostic.code, diagnostic.span, diagnostic.message), diagnostic)
    return sorted(unique.values(), key=Diagnostic.sort_key)


AnyFinding = HostFinding | KernelFinding


def _near(finding: AnyFinding, statement: int) -> int:
    """The module statement that holds a finding's node: the analysed body's, unless the
    finding lies in a function the body calls (``HostFinding.statement``)."""
    if isinstance(finding, HostFinding) and finding.statement is not None:
        return finding.statement
    return statement


def _placed(finding: AnyFinding, path: str, span_of: SpanOf) -> Diagnostic:
    if isinstance(finding, KernelFinding):
        return finding.to_diagnostic(path, span_of)
    return to_diagnostic(finding, path, span_of)


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


def _any(value: cst.BaseExpression) -> bool:
    return True

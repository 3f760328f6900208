"""The kernel rules (TC201-TC206) on one ``@tr.kernel`` / ``@tr.function`` definition: the
signature, one walk over the body, then the checks over what the walk recorded; and the
tile-type rules (TC207-TC211) with the shapes of a launch, statically or at run time."""

from __future__ import annotations

import dataclasses
import linecache
from collections.abc import Callable, Sequence

import libcst as cst

from tilecheck.codes import UNUSED_SUPPRESSION
from tilecheck.diagnostics import Diagnostic
from tilecheck.kernel.atomic_orders import check_atomic_orders
from tilecheck.kernel.body import BodyWalker
from tilecheck.kernel.calls import (
    check_calls,
    check_lambda_arguments,
    check_loops,
    check_returns,
    check_unsafe_references,
)
from tilecheck.kernel.context import KernelContext
from tilecheck.kernel.findings import Finding, to_diagnostics
from tilecheck.kernel.inference import Specialization, TileTypes
from tilecheck.kernel.lang_usage import check_lang_references
from tilecheck.kernel.launches import Launch
from tilecheck.kernel.shape_rules import check_tile_types
from tilecheck.kernel.signature import signature_findings
from tilecheck.kernel.slices import check_slices
from tilecheck.kernel.stores import check_stores
from tilecheck.names import NameResolver
from tilecheck.positions import PositionLookup, SpanOf
from tilecheck.suppressions import apply_suppressions


def check_kernel(
    func: cst.FunctionDef,
    resolver: NameResolver,
    *,
    path: str,
    positions: SpanOf,
    launches: Callable[[cst.FunctionDef], Sequence[Launch]] | None = None,
) -> list[Diagnostic]:
    """Every kernel finding of one kernel or helper, signature included, in source order. A
    function with neither decorator (one a configured ``kernel-decorators`` entry marks) is
    checked as a kernel. With ``launches`` (the static checker's), the tile-type rules
    TC207-TC211 run too, on the kernel alone and then, where that leaves a question open,
    with what each of its launches says."""
    return to_diagnostics(kernel_findings(func, resolver, launches), path, positions)


def kernel_findings(
    func: cst.FunctionDef,
    resolver: NameResolver,
    launches: Callable[[cst.FunctionDef], Sequence[Launch]] | None = None,
) -> list[Finding]:
    """``check_kernel``'s findings as nodes, not yet placed."""
    ctx, findings = kernel_context(func, resolver)
    check_unsafe_references(ctx)
    check_lang_references(ctx)
    check_calls(ctx)
    check_atomic_orders(ctx)
    check_lambda_arguments(ctx)
    check_loops(ctx)
    check_returns(ctx)
    check_slices(ctx)
    check_stores(ctx)
    typed = tile_type_findings(ctx, launches) if launches is not None else []
    return [*findings, *ctx.facts.findings, *ctx.findings, *typed]


def kernel_context(
    func: cst.FunctionDef, resolver: NameResolver
) -> tuple[KernelContext, list[Finding]]:
    """What the checks share (the signature read, the body walked once), and the signature's
    findings (TC206)."""
    is_function, unsafe, params, findings = signature_findings(func, resolver)
    ctx = KernelContext(
        func,
        is_function=is_function,
        unsafe=unsafe,
        meanings={param.name.value: meaning for param, meaning in params},
        facts=BodyWalker(is_function).walk(func.body),
        resolver=resolver,
    )
    return ctx, findings


def tile_type_findings(
    ctx: KernelContext, launches: Callable[[cst.FunctionDef], Sequence[Launch]]
) -> list[Finding]:
    """TC207-TC211: on the kernel alone, then with each launch where that is not enough (a
    finding a launch shows is labelled with it). A place is reported once: not again for
    another launch, nor where another rule reported it already (TC202's two store shapes)."""
    alone = check_tile_types(TileTypes(ctx))
    found = list(alone.findings)
    if not alone.open or ctx.is_function:
        return found
    seen = {f.node for f in found} | {f.node for f in ctx.findings}
    checked: set[tuple[object, ...]] = set()
    for launch in launches(ctx.func):
        # a launch that says what an earlier one said finds the places that one found
        said = _said(launch.specialization)
        if said in checked:
            continue
        checked.add(said)
        for finding in check_tile_types(TileTypes(ctx, launch.specialization)).findings:
            if finding.node not in seen:
                seen.add(finding.node)
                labels = (*finding.labels, (launch.call, launch.summary))
                found.append(dataclasses.replace(finding, labels=labels))
    return found


def _said(specialization: Specialization) -> tuple[object, ...]:
    """What a launch tells the rules, comparable across launches."""
    return tuple(
        frozenset(known.items())
        for known in (
            specialization.tile_shapes,
            specialization.tensor_shapes,
            specialization.constants,
        )
    )


def check_kernel_source(
    source: str, *, path: str, first_line: int, resolver: NameResolver
) -> list[Diagnostic]:
    """The runtime's entry point: ``source`` is one decorated function's dedented text (from
    ``inspect.getsource``) that starts at line ``first_line`` of ``path``. Spans are reported
    in the file's lines, and in its columns when the file's line can be read (linecache, as
    inspect itself does) to measure the indentation that dedenting removed. Source that does
    not parse on its own, or holds no function, yields no findings: there is nothing the
    rules could say about it that Python has not."""
    parsed = _parse_function(source, path, first_line)
    if parsed is None:
        return []
    func, positions = parsed
    return check_kernel(func, resolver, path=path, positions=positions)


class LaunchRules:
    """The runtime's tile-type rules (TC207-TC211) for one kernel: its source (as for
    ``check_kernel_source``) parsed and walked once, then checked against the real shapes of
    each launch (``check``), which the runtime calls once per launch signature. A finding the
    file's comments silence (``# tilecheck: ignore[TC207]``) is left to the backend."""

    def __init__(self, source: str, *, path: str, first_line: int, resolver: NameResolver) -> None:
        self._path = path
        self._ctx: KernelContext | None = None
        parsed = _parse_function(source, path, first_line)
        if parsed is not None:
            func, self._positions = parsed
            ctx, _ = kernel_context(func, resolver)
            self._ctx = None if ctx.is_function else ctx
        self._alone = check_tile_types(TileTypes(self._ctx)) if self._ctx is not None else None

    @property
    def depends_on_launch(self) -> bool:
        """Whether a launch's shapes or ``Const`` values can change what the rules find: some
        check is left open on the kernel alone (as the static checker then reads launches)."""
        return self._alone is not None and self._alone.open

    def free_names(self) -> frozenset[str]:
        """The names the kernel reads that are not its own (module constants among them)."""
        if self._ctx is None:
            return frozenset()
        ctx = self._ctx
        return frozenset(
            head
            for _, dotted in ctx.facts.references
            if not ctx.is_local(head := dotted.partition(".")[0])
        )

    def check(self, specialization: Specialization | None = None) -> list[Diagnostic]:
        """The findings of TC207-TC211 with one launch's tile shapes, tensor shapes and
        constants (None: the kernel alone), in source order."""
        if self._ctx is None or self._alone is None:
            return []
        if specialization is None or not self._alone.open:
            found = self._alone.findings
        else:
            found = check_tile_types(TileTypes(self._ctx, specialization)).findings
        if not found:
            return []
        diagnostics = to_diagnostics(found, self._path, self._positions)
        text = "".join(linecache.getlines(self._path))
        if not text:
            return diagnostics
        kept = apply_suppressions(diagnostics, text, self._path)
        return [d for d in kept if d.code != UNUSED_SUPPRESSION]  # (the file's, not the launch's)


def _parse_function(
    source: str, path: str, first_line: int
) -> tuple[cst.FunctionDef, PositionLookup] | None:
    """The first function of ``source`` (one decorated function's dedented text, starting at
    line ``first_line`` of ``path``) and its positions in the file; None where it does not
    parse on its own or holds no function."""
    try:
        module = cst.parse_module(source)
    except cst.ParserSyntaxError:
        return None
    func = next((s for s in module.body if isinstance(s, cst.FunctionDef)), None)
    if func is None:
        return None
    positions = PositionLookup(
        module,
        line_offset=first_line - 1,
        column_offset=_removed_indent(source, path, first_line),
    )
    return func, positions


def _removed_indent(source: str, path: str, first_line: int) -> int:
    """How far right of column 0 the source's first line stands in its file (0 when that
    line cannot be read or is not the same text)."""
    in_file = linecache.getline(path, first_line).rstrip("\r\n")
    first = source.split("\n", 1)[0].rstrip("\r")
    stripped = in_file.lstrip(" \t")
    return len(in_file) - len(stripped) if first and stripped == first else 0

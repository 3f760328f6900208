"""The kernel rules (TC201-TC206) on one ``@tr.kernel`` / ``@tr.function`` definition: the
signature, one walk over the body, then the checks over what the walk recorded."""

from __future__ import annotations

import dataclasses
import linecache
from collections.abc import Callable, Sequence

import libcst as cst

from tilecheck.diagnostics import Diagnostic
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
from tilecheck.kernel.inference import TileTypes
from tilecheck.kernel.lang_usage import check_lang_references
from tilecheck.kernel.launches import Launch
from tilecheck.kernel.shape_rules import check_tile_types
from tilecheck.kernel.signature import signature_findings
from tilecheck.kernel.slices import check_slices
from tilecheck.kernel.stores import check_stores
from tilecheck.names import NameResolver
from tilecheck.positions import PositionLookup, SpanOf


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
    TC207-TC210 run too, on the kernel alone and then, where that leaves a question open,
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
    """TC207-TC210: on the kernel alone, then with each launch where that is not enough (a
    finding a launch shows is labelled with it). A place is reported once: not again for
    another launch, nor where another rule reported it already (TC202's two store shapes)."""
    alone = check_tile_types(TileTypes(ctx))
    found = list(alone.findings)
    if not alone.open or ctx.is_function:
        return found
    seen = {f.node for f in found} | {f.node for f in ctx.findings}
    for launch in launches(ctx.func):
        for finding in check_tile_types(TileTypes(ctx, launch.specialization)).findings:
            if finding.node not in seen:
                seen.add(finding.node)
                labels = (*finding.labels, (launch.call, launch.summary))
                found.append(dataclasses.replace(finding, labels=labels))
    return found


def check_kernel_source(
    source: str, *, path: str, first_line: int, resolver: NameResolver
) -> list[Diagnostic]:
    """The runtime's entry point: ``source`` is one decorated function's dedented text (from
    ``inspect.getsource``) that starts at line ``first_line`` of ``path``. Spans are reported
    in the file's lines, and in its columns when the file's line can be read (linecache, as
    inspect itself does) to measure the indentation that dedenting removed. Source that does
    not parse on its own, or holds no function, yields no findings: there is nothing the
    rules could say about it that Python has not."""
    try:
        module = cst.parse_module(source)
    except cst.ParserSyntaxError:
        return []
    func = next((s for s in module.body if isinstance(s, cst.FunctionDef)), None)
    if func is None:
        return []
    positions = PositionLookup(
        module,
        line_offset=first_line - 1,
        column_offset=_removed_indent(source, path, first_line),
    )
    return check_kernel(func, resolver, path=path, positions=positions)


def _removed_indent(source: str, path: str, first_line: int) -> int:
    """How far right of column 0 the source's first line stands in its file (0 when that
    line cannot be read or is not the same text)."""
    in_file = linecache.getline(path, first_line).rstrip("\r\n")
    first = source.split("\n", 1)[0].rstrip("\r")
    stripped = in_file.lstrip(" \t")
    return len(in_file) - len(stripped) if first and stripped == first else 0

"""The kernel rules (TC201-TC206) on one ``@tr.kernel`` / ``@tr.function`` definition: the
signature, one walk over the body, then the checks over what the walk recorded."""

from __future__ import annotations

import linecache

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
from tilecheck.kernel.findings import to_diagnostics
from tilecheck.kernel.lang_usage import check_lang_references
from tilecheck.kernel.signature import signature_findings
from tilecheck.kernel.slices import check_slices
from tilecheck.kernel.stores import check_stores
from tilecheck.names import NameResolver
from tilecheck.positions import PositionLookup, SpanOf


def check_kernel(
    func: cst.FunctionDef, resolver: NameResolver, *, path: str, positions: SpanOf
) -> list[Diagnostic]:
    """Every TC201-TC206 finding of one kernel or helper, signature included, in source
    order. A function with neither decorator (one a configured ``kernel-decorators`` entry
    marks) is checked as a kernel."""
    is_function, unsafe, params, findings = signature_findings(func, resolver)
    walker = BodyWalker(is_function)
    facts = walker.walk(func.body)
    ctx = KernelContext(
        func,
        is_function=is_function,
        unsafe=unsafe,
        kinds={param.name.value: meaning.kind for param, meaning in params},
        facts=facts,
        resolver=resolver,
    )
    check_unsafe_references(ctx)
    check_lang_references(ctx)
    check_calls(ctx)
    check_lambda_arguments(ctx)
    check_loops(ctx)
    check_returns(ctx)
    check_slices(ctx)
    check_stores(ctx)
    return to_diagnostics([*findings, *facts.findings, *ctx.findings], path, positions)


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

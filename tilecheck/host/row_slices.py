"""Slices bounded by a table's rows: ``for lo, hi in bounds: out[lo:hi]`` takes a slice per
step. The rows of a bounds table are what splits a tensor into parts, so the steps' slices
are taken to be apart (each step's part is not an earlier step's) unless the checker can
show they overlap: a literal of constant rows whose spans meet. Unknown rows (a comprehension,
an attribute, a parameter) are not assumed to overlap: nothing shows they do."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import libcst as cst

from tilecheck.host.indices import Span, apart
from tilecheck.syntax.constants import const_int


def row_bounds(index: cst.Slice, loop: cst.For, constants: Mapping[str, int]) -> bool:
    """``lo:hi`` (no step) with ``lo`` and ``hi`` two names of ``loop``'s tuple target, its
    rows not shown to give overlapping spans."""
    lower, upper, target = index.lower, index.upper, loop.target
    if index.step is not None or not isinstance(target, (cst.Tuple, cst.List)):
        return False
    if not isinstance(lower, cst.Name) or not isinstance(upper, cst.Name):
        return False
    names = [e.value.value if isinstance(e.value, cst.Name) else None for e in target.elements]
    if any(isinstance(e, cst.StarredElement) for e in target.elements):
        return False
    if lower.value == upper.value or names.count(lower.value) != 1:
        return False
    if names.count(upper.value) != 1:
        return False
    rows = loop.iter
    if not isinstance(rows, (cst.List, cst.Tuple, cst.Set)):
        return True  # rows not shown: nothing says two steps' parts meet
    first, last = names.index(lower.value), names.index(upper.value)
    spans = [_span(row.value, len(names), first, last, constants) for row in rows.elements]
    if any(span is None for span in spans):
        return False
    return all(apart(a, b) for a, b in itertools.combinations(spans, 2))


def _span(
    row: cst.BaseExpression, width: int, first: int, last: int, constants: Mapping[str, int]
) -> Span | None:
    """The constant span ``row`` gives (``(0, 32)``: ``0:32``), or None."""
    if not isinstance(row, (cst.Tuple, cst.List)) or len(row.elements) != width:
        return None
    if any(isinstance(e, cst.StarredElement) for e in row.elements):
        return None
    start = const_int(row.elements[first].value, constants)
    stop = const_int(row.elements[last].value, constants)
    if start is None or stop is None or start < 0 or stop < 0:
        return None
    return Span(start, stop, 1)

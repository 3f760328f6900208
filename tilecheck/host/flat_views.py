"""The memory a part of a reshaped tensor is (``tilecheck.host.views``): a tensor made with a
constant shape lies row-major, element after element, and so does every ``reshape`` of it. A
part of such a view (``t.reshape(-1)[:8]``, ``t.reshape(R, C)[1]``, ``flat[-8:]``) given by
constant indices and slices of step 1 is one run of that memory, when it is a box whose only
partial axis is followed by whole ones; the run is the same part of the base where it is a box
of the base's shape too (``[:8]`` of ``(3, 32)`` is ``t[0, 0:8]``, ``[-8:]`` is
``t[2, 24:32]``, ``[W : 3 * W]`` is ``t[1:3]``). Anything else (a stepped slice, a run across
rows that is no box, an index not constant) is no part: the whole base, as before."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import libcst as cst

from tilecheck.host.indices import At, Axis, Span
from tilecheck.host.shapes import shape_dims
from tilecheck.syntax.constants import const_int


def new_shape(
    args: Sequence[cst.Arg], total: int, constants: Mapping[str, int]
) -> tuple[int, ...] | None:
    """The constant shape ``reshape(*args)`` gives a tensor of ``total`` elements (one ``-1``
    resolved), or None."""
    if not args or any(a.keyword or a.star for a in args):
        return None
    if len(args) == 1:
        dims = shape_dims(args[0].value, constants)
    else:
        dims = tuple(const_int(a.value, constants) for a in args)
    if not dims or None in dims:
        return None
    known = [d for d in dims if d is not None]
    if known.count(-1) > 1 or any(d == 0 or d < -1 for d in known):
        return None
    if -1 in known:
        rest = -math.prod(known)
        if rest <= 0 or total % rest:
            return None
        known = [total // rest if d == -1 else d for d in known]
    return tuple(known) if math.prod(known) == total else None


def flat_run(
    dims: tuple[int, ...], index: Sequence[cst.SubscriptElement], constants: Mapping[str, int]
) -> tuple[int, int] | None:
    """The run ``[start, stop)`` of the row-major memory of a tensor of shape ``dims`` that
    ``index`` takes, or None when it is not one run of constant bounds."""
    if len(index) > len(dims):
        return None
    ranges = [(0, d) for d in dims]
    for i, element in enumerate(index):
        got = _axis_range(element.slice, dims[i], constants)
        if got is None:
            return None
        ranges[i] = got
    partial = [i for i, (lo, hi) in enumerate(ranges) if (lo, hi) != (0, dims[i])]
    last = partial[-1] if partial else 0
    if any(hi - lo != 1 for lo, hi in ranges[:last]):
        return None  # a box across rows: no single run
    stride = [math.prod(dims[i + 1 :]) for i in range(len(dims))]
    start = sum(lo * s for (lo, _), s in zip(ranges, stride, strict=True))
    lo, hi = ranges[last]
    return start, start + (hi - lo) * stride[last]


def flat_box(dims: tuple[int, ...], start: int, stop: int) -> tuple[Axis, ...] | None:
    """The part of a tensor of shape ``dims`` that the run ``[start, stop)`` of its row-major
    memory is, when that run is a box (whole rows of some axis within one row of the axes
    before it), coarsest axis first; else None."""
    if not 0 <= start < stop <= math.prod(dims):
        return None
    for depth in range(1, len(dims) + 1):
        row = math.prod(dims[depth:])
        if start % row or stop % row:
            continue
        first, last = start // row, stop // row - 1
        inner = dims[depth - 1]
        if first // inner != last // inner:
            continue
        prefix: list[Axis] = []
        outer = first // inner
        for d in reversed(dims[: depth - 1]):
            prefix.append(At(outer % d))
            outer //= d
        return (*reversed(prefix), Span(first % inner, last % inner + 1, 1))
    return None


def _axis_range(
    index: cst.BaseSlice, size: int, constants: Mapping[str, int]
) -> tuple[int, int] | None:
    """The constant ``[lo, hi)`` (non-empty) one index of an axis of ``size`` takes."""
    if type(index) is cst.Index:
        if index.star is not None:
            return None
        key = const_int(index.value, constants)
        if key is None or not -size <= key < size:
            return None
        key %= size
        return key, key + 1
    if type(index) is not cst.Slice:
        return None
    step = None if index.step is None else const_int(index.step, constants)
    if index.step is not None and step != 1:
        return None
    bounds = [None if b is None else const_int(b, constants) for b in (index.lower, index.upper)]
    if (index.lower is not None and bounds[0] is None) or (
        index.upper is not None and bounds[1] is None
    ):
        return None
    lo, hi, _ = slice(bounds[0], bounds[1]).indices(size)
    return (lo, hi) if lo < hi else None

"""How kernel operations transform tile shapes, on shapes known up to symbols
(``tilecheck.kernel.tiletypes``), and when two shapes certainly differ.

Each function answers what the interpreter would compute when the operation succeeds, or None
when that is not known here; deciding what is an error is left to the rules
(``shape_rules``), which report only what is certain."""

from __future__ import annotations

from collections.abc import Sequence

from tilecheck.kernel.tiletypes import Dim, Labels, Shape, ShapeOf


def broadcast(shapes: Sequence[Shape | None]) -> Shape | None:
    """numpy's broadcast of ``shapes`` (a scalar is ``()``). Two symbols that differ may still
    broadcast (either may be 1), so the result is unknown there."""
    known = [s for s in shapes if s != ()]
    if not known:
        return ()
    first = known[0]
    if all(s == first for s in known):
        return first
    if not all(isinstance(s, tuple) for s in known):
        return None
    dims_list = [s for s in known if isinstance(s, tuple)]
    rank = max(len(s) for s in dims_list)
    out: list[Dim | None] = []
    for axis in range(rank):
        column = [s[axis - rank + len(s)] for s in dims_list if axis - rank + len(s) >= 0]
        out.append(_broadcast_dim(column))
    return tuple(out)


def _broadcast_dim(column: list[Dim | None]) -> Dim | None:
    others = [d for d in column if d is None or not d.is_one]
    if not others:
        return Dim.of(1)
    if any(d is None for d in others):
        return None
    exact = {d.exact for d in others if d is not None}
    if len(exact) != 1:
        return None
    only = exact.pop()
    return only if any(d is not None and not d.or_one for d in others) else others[0]


def element_count(shape: Shape | None) -> Dim | None:
    """The number of elements, as a dimension (None when any dimension is unknown)."""
    if not isinstance(shape, tuple):
        return None
    total: Dim | None = Dim.of(1)
    for d in shape:
        if d is None or total is None:
            return None
        total = total.times(d)
    return total


def certainly_differ(a: Shape | None, b: Shape | None) -> bool:
    """Whether two shapes cannot be equal: ranks that differ, or a pair of dimensions that
    certainly differ."""
    if not isinstance(a, tuple) or not isinstance(b, tuple):
        return False
    if len(a) != len(b):
        return True
    return any(x is not None and y is not None and x.differs(y) for x, y in zip(a, b, strict=True))


def certainly_equal(a: Shape | None, b: Shape | None) -> bool:
    if a is None or b is None:
        return False
    if isinstance(a, ShapeOf) or isinstance(b, ShapeOf):
        return a == b
    return len(a) == len(b) and all(x is not None and x == y for x, y in zip(a, b, strict=True))


def normalized_axis(axis: int, rank: int, extra: int = 0) -> int | None:
    """``axis`` of a rank-``rank`` tile counted from 0 (None when out of range)."""
    span = rank + extra
    if not -span <= axis < span:
        return None
    return axis % span if span else 0


def reduced(shape: Shape | None, axes: tuple[int, ...] | None, keepdims: bool) -> Shape | None:
    """The shape of a reduction over ``axes`` (None: every axis)."""
    if axes is None and not keepdims:
        return ()
    if not isinstance(shape, tuple):
        return None
    rank = len(shape)
    chosen: set[int] = set()
    for axis in axes if axes is not None else range(rank):
        normal = normalized_axis(axis, rank)
        if normal is None:
            return None
        chosen.add(normal)
    if keepdims:
        return tuple(Dim.of(1) if i in chosen else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in chosen)


def transposed(shape: Shape | None, axis0: int | None, axis1: int | None) -> Shape | None:
    if not isinstance(shape, tuple) or len(shape) < 2:
        return None
    rank = len(shape)
    a = rank - 2 if axis0 is None else normalized_axis(axis0, rank)
    b = rank - 1 if axis1 is None else normalized_axis(axis1, rank)
    if a is None or b is None:
        return None
    out = list(shape)
    out[a], out[b] = out[b], out[a]
    return tuple(out)


def permuted(shape: Shape | None, axes: Sequence[int]) -> Shape | None:
    if not isinstance(shape, tuple):
        return None
    order = [normalized_axis(a, len(shape)) for a in axes]
    if sorted(a for a in order if a is not None) != list(range(len(shape))):
        return None
    return tuple(shape[a] for a in order if a is not None)


def expanded(shape: Shape | None, axis: int) -> Shape | None:
    if not isinstance(shape, tuple):
        return None
    at = normalized_axis(axis, len(shape), extra=1)
    return None if at is None else (*shape[:at], Dim.of(1), *shape[at:])


def joined(shape: Shape | None, count: int, axis: int) -> Shape | None:
    """``tl.cat`` of ``count`` tiles of ``shape`` along ``axis``."""
    if not isinstance(shape, tuple):
        return None
    at = normalized_axis(axis, len(shape))
    if at is None:
        return None
    dim = shape[at]
    return (*shape[:at], dim.times(Dim.of(count)) if dim else None, *shape[at + 1 :])


def product_shape(a: Shape | None, b: Shape | None) -> Shape | None:
    """The shape of ``a @ b`` (ranks 2 or 3, a leading batch axis); None when it is not
    known, or the product certainly fails."""
    if not isinstance(a, tuple) or not isinstance(b, tuple) or len(a) != len(b):
        return None
    if len(a) not in (2, 3) or product_problem(a, b, {}) is not None:
        return None
    return (*a[:-1], b[-1])


def product_problem(a: Shape | None, b: Shape | None, labels: Labels) -> str | None:
    """Why ``a @ b`` certainly fails (the interpreter's checks), else None."""
    for name, shape in (("a", a), ("b", b)):
        if isinstance(shape, tuple) and len(shape) not in (2, 3):
            return f"`{name}` has rank {len(shape)}; a matrix product takes rank 2 or 3"
    if not isinstance(a, tuple) or not isinstance(b, tuple):
        return None
    if len(a) != len(b):
        return "the ranks differ"
    pairs = [("inner", a[-1], b[-2])] + ([("batch", a[0], b[0])] if len(a) == 3 else [])
    for what, x, y in pairs:
        if x is not None and y is not None and x.differs(y):
            return f"the {what} dimensions differ ({x.show(labels)} and {y.show(labels)})"
    return None

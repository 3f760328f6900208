"""Shape operations on tiles: reshape, permute, transpose, broadcast_to, expand_dims, cat,
extract and constant slices. Every tile dimension must be a power of two (Tile IR's rule), so
results are checked."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tilert.interpret import tiles as _tiles
from tilert.interpret.context import kernel_op
from tilert.interpret.elementwise import broadcast_shape, common_dtype, convert

if TYPE_CHECKING:
    from tilert.interpret.tiles import Tile


def tile_shape(shape: object, what: str = "shape") -> tuple[int, ...]:
    """A tile shape from an int or a sequence of ints (0-d integer tiles allowed when they
    hold one value), each dimension a positive power of two."""
    dims = (shape,) if not isinstance(shape, (tuple, list)) else tuple(shape)
    out = tuple(operator.index(d) for d in dims)
    for d in out:
        if d <= 0 or d & (d - 1):
            raise ValueError(
                f"{what} {out}: every tile dimension must be a power of two (Tile IR's rule), "
                f"got {d}"
            )
    return out


def normalize_axis(axis: object, rank: int, *, extra: int = 0) -> int:
    """``axis`` (negative counts from the end) as a non-negative axis of a rank-``rank`` tile
    (``extra`` more positions allowed, for inserting axes)."""
    a = operator.index(axis)  # type: ignore[arg-type]
    span = rank + extra
    if not -span <= a < span:
        raise ValueError(f"axis {a} is out of range for a tile of rank {rank}")
    return a % span if span else 0


def _check_tile(t: object, what: str) -> Tile[Any]:
    if not isinstance(t, _tiles.Tile):
        raise TypeError(f"{what} must be a tile, got {type(t).__name__}")
    return t


@kernel_op("tl.reshape")
def reshape(t: Tile[Any], shape: Sequence[int] | int) -> Tile[Any]:
    t = _check_tile(t, "the argument of tl.reshape")
    target = tile_shape(shape)
    if int(np.prod(target)) != int(np.prod(t.shape)):
        raise ValueError(f"cannot reshape a tile of shape {t.shape} into {target}")
    data = t._data
    return _tiles.Tile(data.reshape((data.shape[0], *target)), t.dtype)


@kernel_op("tl.permute")
def permute(t: Tile[Any], axes: Sequence[int]) -> Tile[Any]:
    t = _check_tile(t, "the argument of tl.permute")
    order = [normalize_axis(a, t.ndim) for a in axes]
    if sorted(order) != list(range(t.ndim)):
        raise ValueError(f"axes {tuple(axes)} are not a permutation of a rank-{t.ndim} tile's axes")
    return _tiles.Tile(t._data.transpose(0, *(a + 1 for a in order)), t.dtype)


@kernel_op("tl.transpose")
def transpose(t: Tile[Any], axis0: int | None = None, axis1: int | None = None) -> Tile[Any]:
    """Swap two axes; by default the last two (a 2-d tile's rows and columns)."""
    t = _check_tile(t, "the argument of tl.transpose")
    if t.ndim < 2:
        raise ValueError(f"transpose needs a tile of rank >= 2, got shape {t.shape}")
    a0 = t.ndim - 2 if axis0 is None else normalize_axis(axis0, t.ndim)
    a1 = t.ndim - 1 if axis1 is None else normalize_axis(axis1, t.ndim)
    return _tiles.Tile(np.swapaxes(t._data, a0 + 1, a1 + 1), t.dtype)


@kernel_op("tl.broadcast_to")
def broadcast_to(t: Tile[Any], shape: Sequence[int] | int) -> Tile[Any]:
    t = _check_tile(t, "the argument of tl.broadcast_to")
    target = tile_shape(shape)
    if len(target) < t.ndim or broadcast_shape(t.shape, target) != target:
        raise ValueError(f"cannot broadcast a tile of shape {t.shape} to {target}")
    data = t._data
    data = data.reshape(data.shape[:1] + (1,) * (len(target) - t.ndim) + data.shape[1:])
    return _tiles.Tile(np.broadcast_to(data, (data.shape[0], *target)), t.dtype)


@kernel_op("tl.expand_dims")
def expand_dims(t: Tile[Any], axis: int) -> Tile[Any]:
    t = _check_tile(t, "the argument of tl.expand_dims")
    a = normalize_axis(axis, t.ndim, extra=1)
    return _tiles.Tile(np.expand_dims(t._data, a + 1), t.dtype)


@kernel_op("tl.cat")
def cat(tiles: Sequence[Tile[Any]], axis: int = 0) -> Tile[Any]:
    """Tiles of one shape joined along ``axis``: 1, 2, 4, 8... of them, as the GPU joins them
    (cuTile's ``cat`` joins a pair of equal tiles; the lowering nests pairs)."""
    parts = [_check_tile(p, "every part of tl.cat") for p in tiles]
    count = len(parts)
    if count == 0 or count & (count - 1):
        raise ValueError(
            f"tl.cat joins 1, 2, 4, 8... tiles of one shape (the GPU joins equal pairs), got "
            f"{count}"
        )
    rank = parts[0].ndim
    a = normalize_axis(axis, rank)
    if any(p.shape != parts[0].shape for p in parts):
        shapes = ", ".join(str(q.shape) for q in parts)
        raise ValueError(
            f"tl.cat joins tiles of one shape (the GPU joins equal pairs), got shapes {shapes}"
        )
    result = common_dtype(*parts)
    batch = max(p._data.shape[0] for p in parts)
    datas = [np.broadcast_to(convert(p._data, p.dtype, result), (batch, *p.shape)) for p in parts]
    out = np.concatenate(datas, axis=a + 1)
    tile_shape(out.shape[1:], "the joined shape")
    return _tiles.Tile(out, result)


def _constant_int(value: object, what: str) -> int:
    """An int known when the kernel is compiled; a tile (a run-time value) is refused."""
    if isinstance(value, _tiles.Tile) or isinstance(value, bool) or value is None:
        raise TypeError(
            f"{what} must be a constant int (a literal, a module constant or a Const "
            f"parameter), got {value!r}"
        )
    return operator.index(value)  # type: ignore[arg-type]


@kernel_op("tl.extract")
def extract(x: Tile[Any], index: Sequence[int] | int, shape: Sequence[int] | int) -> Tile[Any]:
    """cuTile's ``extract``: ``x`` cut into a grid of ``shape`` sub-tiles (each dimension a
    power of two dividing ``x``'s), and the one at grid position ``index``."""
    x = _check_tile(x, "the argument of tl.extract")
    sub = tile_shape(shape, "the shape of tl.extract")
    raw = tuple(index) if isinstance(index, (tuple, list)) else (index,)
    where = tuple(_constant_int(i, "every index of tl.extract") for i in raw)
    if len(sub) != x.ndim or len(where) != x.ndim:
        raise ValueError(
            f"tl.extract needs an index and a shape of the tile's rank {x.ndim}, got index "
            f"{where} and shape {sub}"
        )
    cut: list[slice] = [slice(None)]  # the batch axis
    for axis, (i, n, dim) in enumerate(zip(where, sub, x.shape, strict=True)):
        if dim % n:
            raise ValueError(
                f"shape {sub} does not divide the tile's shape {x.shape} (axis {axis})"
            )
        if not 0 <= i < dim // n:
            raise ValueError(
                f"index {where} is outside the {dim // n} sub-tiles of axis {axis} (a tile of "
                f"shape {x.shape} cut into {sub})"
            )
        cut.append(slice(i * n, (i + 1) * n))
    return _tiles.Tile(x._data[tuple(cut)], x.dtype)


@kernel_op("tl.insert")
def insert(x: Tile[Any], index: Sequence[int] | int, value: Tile[Any]) -> Tile[Any]:
    """cuTile's ``insert``, the inverse of ``extract``: ``x`` with the sub-tile at grid
    position ``index`` (constant ints; the grid cuts ``x`` into ``value``-shaped pieces)
    replaced by ``value``, converted to ``x``'s dtype."""
    x = _check_tile(x, "the first argument of tl.insert")
    v = _check_tile(value, "the value of tl.insert")
    sub = v.shape if v.ndim else (1,) * x.ndim
    raw = tuple(index) if isinstance(index, (tuple, list)) else (index,)
    where = tuple(_constant_int(i, "every index of tl.insert") for i in raw)
    if len(sub) != x.ndim or len(where) != x.ndim:
        raise ValueError(
            f"tl.insert needs an index and a value of the tile's rank {x.ndim}, got index "
            f"{where} and a value of shape {v.shape}"
        )
    cut: list[slice] = [slice(None)]
    for axis, (i, n, dim) in enumerate(zip(where, sub, x.shape, strict=True)):
        if dim % n or not 0 <= i < dim // n:
            raise ValueError(
                f"index {where} with a value of shape {v.shape} is not a sub-tile of a tile "
                f"of shape {x.shape} (axis {axis})"
            )
        cut.append(slice(i * n, (i + 1) * n))
    batch = max(x._data.shape[0], v._data.shape[0])
    out = np.array(np.broadcast_to(x._data, (batch, *x.shape)))
    out[tuple(cut)] = convert(v._data, v.dtype, x.dtype).reshape(v._data.shape[0], *sub)
    return _tiles.Tile(out, x.dtype)


def _is_full(k: object) -> bool:
    """``:`` (compared by identity: a tile bound must not be compared with ``==``)."""
    return isinstance(k, slice) and k.start is None and k.stop is None and k.step is None


def _slice_bounds(k: slice, dim: int, axis: int) -> slice:
    """A constant slice ``a:b`` of one axis, checked as the GPU's ``extract`` needs it: both
    bounds given, ``b - a`` a power of two, ``a`` a multiple of it, inside the axis."""
    if _is_full(k):
        return k
    if k.step is not None:
        raise TypeError(f"tile slices take no step (axis {axis}), got {k.step!r}")
    if k.start is None or k.stop is None:
        raise TypeError(f"a tile slice gives both bounds, `a:b`, or none, `:` (axis {axis})")
    a = _constant_int(k.start, "a tile slice's start")
    b = _constant_int(k.stop, "a tile slice's stop")
    n = b - a
    if n <= 0 or n & (n - 1) or a % n or a < 0 or b > dim:
        raise ValueError(
            f"slice {a}:{b} of axis {axis} (length {dim}): the length must be a power of two, "
            "the start a multiple of it, both inside the axis (the GPU extracts aligned "
            "sub-tiles)"
        )
    return slice(a, b)


@kernel_op("tile[...]")
def getitem(t: Tile[Any], key: Any) -> Tile[Any]:
    """``None`` (a new axis), ``:`` and constant aligned slices ``a:b`` (``tl.extract``)."""
    keys = key if isinstance(key, tuple) else (key,)
    sliced = any(isinstance(k, slice) and not _is_full(k) for k in keys)
    if sliced and (
        any(k is Ellipsis for k in keys) or sum(isinstance(k, slice) for k in keys) != t.ndim
    ):
        raise TypeError(
            f"a sliced tile names each of its {t.ndim} axes once, with `:` or `a:b` (no `...`)"
        )
    expanded: list[Any] = [slice(None)]  # the batch axis
    axis = 0
    for k in keys:
        if k is None or k is Ellipsis:
            expanded.append(k)
        elif isinstance(k, slice):
            dim = t.shape[axis] if axis < t.ndim else 0
            expanded.append(_slice_bounds(k, dim, axis) if sliced else k)
            axis += 1
        else:
            raise TypeError(
                "tiles are indexed only with None (a new axis), `:` and constant slices `a:b`; "
                "use tl.reshape, tl.where or reductions to select elements"
            )
    return _tiles.Tile(t._data[tuple(expanded)], t.dtype)


@kernel_op("tile.item")
def item(t: Tile[Any]) -> Tile[Any]:
    if int(np.prod(t.shape)) != 1:
        raise ValueError(f"item() needs a one-element tile, got shape {t.shape}")
    return _tiles.Tile(t._data.reshape(t._data.shape[0]), t.dtype)

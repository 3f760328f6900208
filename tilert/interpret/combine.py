"""``tl.reduce`` and ``tl.scan``: reductions and inclusive scans with the user's combining
function (a lambda or a ``@tr.function`` of two tiles, or of 2N for a tuple of N tiles).

The function is applied to whole slices at once, so it must be elementwise (as it is on the
GPU, where it combines 0-d tiles). ``reduce`` combines neighbours pairwise, halving the axis
each round (the axis is a power of two); ``scan`` folds from the first element (the last with
``reverse``). For an associative function that is the GPU's answer; float sums may differ in
the last bits, as the GPU may associate otherwise."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tilert.interpret import tiles as _tiles
from tilert.interpret.context import kernel_op
from tilert.interpret.dtype_rules import arithmetic, is_scalar
from tilert.interpret.elementwise import broadcast_shape
from tilert.interpret.shapes import normalize_axis

Tiles = tuple[_tiles.Tile[Any], ...]


def _inputs(x: object, identity: object, op: str) -> tuple[Tiles, bool]:
    """The tiles (broadcast to one shape) and whether they came as a tuple."""
    many = isinstance(x, (tuple, list))
    tiles = tuple(x) if isinstance(x, (tuple, list)) else (x,)
    ids = tuple(identity) if isinstance(identity, (tuple, list)) else (identity,)
    if not tiles or not all(isinstance(t, _tiles.Tile) for t in tiles):
        raise TypeError(f"{op} takes a tile or a tuple of tiles")
    if len(ids) != len(tiles) or not all(is_scalar(i) for i in ids):
        raise TypeError(f"{op} needs one constant scalar identity per tile, got {identity!r}")
    shape = broadcast_shape(*(t.shape for t in tiles))
    out: list[_tiles.Tile[Any]] = []
    for t in tiles:
        arithmetic(t.dtype)
        data = t._data.reshape(t._data.shape[:1] + (1,) * (len(shape) - t.ndim) + t.shape)
        out.append(_tiles.Tile(np.broadcast_to(data, (data.shape[0], *shape)), t.dtype))
    return tuple(out), many


def _combined(func: Callable[..., Any], left: Tiles, right: Tiles, op: str) -> Tiles:
    result = func(*left, *right)
    got = tuple(result) if isinstance(result, (tuple, list)) else (result,)
    if len(got) != len(left) or not all(isinstance(g, _tiles.Tile) for g in got):
        raise TypeError(f"{op}: the combining function must return {len(left)} tile(s)")
    for g, t in zip(got, left, strict=True):
        if g.dtype is not t.dtype:
            raise TypeError(
                f"{op}: the combining function turned {t.dtype} into {g.dtype}; it must keep "
                "the dtype (convert inside it with tl.astype)"
            )
    shape = left[0]._data.shape[1:]
    return tuple(
        _tiles.Tile(np.broadcast_to(g._data, (g._data.shape[0], *shape)), g.dtype) for g in got
    )


def _take(tiles: Tiles, axis: int, index: Any) -> Tiles:
    cut = (slice(None),) * (axis + 1) + (index,)
    return tuple(_tiles.Tile(t._data[cut], t.dtype) for t in tiles)


@kernel_op("tl.reduce")
def reduce(
    x: object, axis: int, func: Callable[..., Any], identity: object, *, keepdims: bool = False
) -> Any:
    """``x`` (or each tile of a tuple) reduced along ``axis`` by ``func``."""
    tiles, many = _inputs(x, identity, "tl.reduce")
    a = normalize_axis(axis, tiles[0].ndim)
    while tiles[0].shape[a] > 1:
        tiles = _combined(
            func,
            _take(tiles, a, slice(0, None, 2)),
            _take(tiles, a, slice(1, None, 2)),
            "tl.reduce",
        )
    out = _take(tiles, a, slice(0, 1)) if keepdims else _take(tiles, a, 0)
    return out if many else out[0]


@kernel_op("tl.scan")
def scan(
    x: object, axis: int, func: Callable[..., Any], identity: object, *, reverse: bool = False
) -> Any:
    """The inclusive running combination of ``x`` along ``axis`` by ``func``."""
    tiles, many = _inputs(x, identity, "tl.scan")
    a = normalize_axis(axis, tiles[0].ndim)
    n = tiles[0].shape[a]
    steps = range(n - 1, -1, -1) if reverse else range(n)
    datas = [np.array(t._data) for t in tiles]
    running: Tiles | None = None
    for i in steps:
        item = _take(tiles, a, i)
        running = item if running is None else _combined(func, running, item, "tl.scan")
        for data, r in zip(datas, running, strict=True):
            data[(slice(None),) * (a + 1) + (i,)] = r._data
    result: Tiles = tuple(_tiles.Tile(d, t.dtype) for d, t in zip(datas, tiles, strict=True))
    return result if many else result[0]

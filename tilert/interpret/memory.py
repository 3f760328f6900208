"""Loads and stores of whole tiles, for many blocks at once.

A tensor of shape S seen in tiles of shape T is a grid cdiv(S, T) of tiles; element offset
along each axis is ``index * T``. When T divides S the tensor is reshaped (a view, no copy) to
(n0, t0, n1, t1, ...) with the tile axes moved last, and a batch of tiles is one numpy gather
or scatter. Otherwise (edge tiles, or indices outside the grid) each element's coordinates are
computed: loads read 0 outside the tensor and stores are clipped to it, as in cuTile."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from tilert.interpret import tiles as _tiles

IntArray = np.ndarray[Any, np.dtype[np.int64]]
Coords = list[IntArray]  # one (batch,) or (1,) array per tensor axis


def index_coords(index: object, rank: int, what: str) -> Coords:
    """Tile-space coordinates from an index tuple of ints and 0-d integer tiles."""
    parts = tuple(index) if isinstance(index, (tuple, list)) else (index,)
    if len(parts) != rank:
        raise ValueError(
            f"{what}: index {_show(parts)} has {len(parts)} coordinates, the tensor has rank {rank}"
        )
    coords: Coords = []
    for p in parts:
        if isinstance(p, _tiles.Tile):
            if p.shape != () or p.dtype.kind not in "iu":
                raise TypeError(
                    f"{what}: index coordinates must be integer scalars, got a {p.dtype} "
                    f"tile of shape {p.shape}"
                )
            coords.append(p._data.astype(np.int64, copy=False))
        else:
            coords.append(np.array([operator.index(p)], dtype=np.int64))
    return coords


def _show(parts: Sequence[object]) -> str:
    return "(" + ", ".join("<tile>" if isinstance(p, _tiles.Tile) else repr(p) for p in parts) + ")"


ViewCache = dict[tuple[int, tuple[int, ...]], tuple[np.ndarray[Any, Any], Any]]


def _tiled_view(
    array: np.ndarray[Any, Any], tile: tuple[int, ...], cache: ViewCache | None
) -> np.ndarray[Any, Any] | None:
    """``array`` as (n0, n1, ..., t0, t1, ...) without copying, or None when T does not
    divide S. ``cache`` (one per launch attempt) saves serial runs rebuilding it per block."""
    if cache is None:
        return _make_tiled_view(array, tile)
    key = (id(array), tile)
    hit = cache.get(key)
    if hit is not None and hit[0] is array:
        cached: np.ndarray[Any, Any] | None = hit[1]
        return cached
    view = _make_tiled_view(array, tile)
    cache[key] = (array, view)
    return view


def _make_tiled_view(
    array: np.ndarray[Any, Any], tile: tuple[int, ...]
) -> np.ndarray[Any, Any] | None:
    shape = array.shape
    if any(s % t for s, t in zip(shape, tile, strict=True)):
        return None
    interleaved: list[int] = []
    for s, t in zip(shape, tile, strict=True):
        interleaved += [s // t, t]
    rank = len(shape)
    order = [2 * i for i in range(rank)] + [2 * i + 1 for i in range(rank)]
    view: np.ndarray[Any, Any] = array.reshape(interleaved).transpose(order)
    return view


def _in_grid(coords: Coords, shape: tuple[int, ...], tile: tuple[int, ...]) -> bool:
    for c, s, t in zip(coords, shape, tile, strict=True):
        n = -(-s // t)
        if c.shape[0] == 1:
            if not 0 <= int(c[0]) < n:
                return False
        elif c.size and (int(np.min(c)) < 0 or int(np.max(c)) >= n):
            return False
    return True


def element_coords(
    coords: Coords, shape: tuple[int, ...], tile: tuple[int, ...]
) -> tuple[list[IntArray], np.ndarray[Any, np.dtype[np.bool_]]]:
    """Per-axis element coordinates of the tiles at ``coords`` (each broadcastable to
    (batch, *tile)) and the mask of those inside the tensor."""
    rank = len(shape)
    elems: list[IntArray] = []
    mask: np.ndarray[Any, np.dtype[np.bool_]] = np.ones((1,) * (rank + 1), dtype=bool)
    for axis, (c, s, t) in enumerate(zip(coords, shape, tile, strict=True)):
        offsets = c.reshape(-1, *([1] * rank)) * t
        along = np.arange(t, dtype=np.int64).reshape(
            [t if i == axis + 1 else 1 for i in range(rank + 1)]
        )
        e = offsets + along
        mask = mask & (e >= 0) & (e < s)
        elems.append(e)
    return elems, mask


def gather(
    array: np.ndarray[Any, Any],
    tile: tuple[int, ...],
    coords: Coords,
    cache: ViewCache | None = None,
) -> np.ndarray[Any, Any]:
    """The tiles of ``array`` at ``coords``: shape (batch, *tile), zeros outside the tensor."""
    if array.ndim == 0:
        return array.reshape(1)
    shape = tuple(array.shape)
    view = _tiled_view(array, tile, cache)
    if view is not None and _in_grid(coords, shape, tile):
        out: np.ndarray[Any, Any] = view[tuple(coords)]
        return out
    elems, mask = element_coords(coords, shape, tile)
    clipped = tuple(np.clip(e, 0, max(s - 1, 0)) for e, s in zip(elems, shape, strict=True))
    values = (
        array[clipped]
        if array.size
        else np.zeros(np.broadcast_shapes(*(e.shape for e in elems)), array.dtype)
    )
    full_mask = np.broadcast_to(mask, values.shape)
    return np.where(full_mask, values, np.zeros((), dtype=array.dtype))


def written_elements(
    coords: Coords, shape: tuple[int, ...], tile: tuple[int, ...], batch: int
) -> tuple[tuple[IntArray, ...], np.ndarray[Any, np.dtype[np.bool_]]]:
    """The full (batch, *tile) coordinate arrays of a store and its in-tensor mask."""
    elems, mask = element_coords(coords, shape, tile)
    full = (batch, *tile)
    return tuple(np.broadcast_to(e, full) for e in elems), np.broadcast_to(mask, full)


def scatter(
    array: np.ndarray[Any, Any],
    tile: tuple[int, ...],
    coords: Coords,
    data: np.ndarray[Any, Any],
    batch: int,
    cache: ViewCache | None = None,
) -> None:
    """Write ``data`` (batch or 1, *tile) into the tiles at ``coords``, clipped to the tensor."""
    shape = tuple(array.shape)
    full = (batch, *tile)
    view = _tiled_view(array, tile, cache) if array.flags.c_contiguous else None
    if view is not None and _in_grid(coords, shape, tile):
        index = tuple(c if c.shape[0] == batch else np.broadcast_to(c, (batch,)) for c in coords)
        view[index] = data if data.shape[0] == batch else np.broadcast_to(data, full)
        return
    elems, mask = written_elements(coords, shape, tile, batch)
    values = np.broadcast_to(data, full)
    array[tuple(e[mask] for e in elems)] = values[mask]

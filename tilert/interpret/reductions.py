"""Reductions over tile axes (sum, prod, max, min, argmax, argmin) and scans along one axis
(cumsum, cumprod). f16/bf16 accumulate in f32 and round back; integer sums wrap in the tile's
dtype; a bool_ tile sums and multiplies as i32. argmax and argmin follow cuTile's definition
(its ``argmax_argmin``): i32 indices, the first index on ties, NaN the worst value."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tilert.dtypes import DType, bool_, i32
from tilert.interpret import tiles as _tiles
from tilert.interpret.context import kernel_op
from tilert.interpret.dtype_rules import compute_dtype
from tilert.interpret.elementwise import wrap
from tilert.interpret.shapes import normalize_axis

if TYPE_CHECKING:
    from tilert.interpret.tiles import Tile

Axis = int | Sequence[int] | None


def _axes(axis: Axis, rank: int) -> tuple[int, ...]:
    if axis is None:
        return tuple(range(rank))
    listed = (axis,) if isinstance(axis, int) else tuple(axis)
    axes = tuple(normalize_axis(a, rank) for a in listed)
    if len(set(axes)) != len(axes):
        raise ValueError(f"axis {axis} names an axis twice")
    return axes


def _reduction(name: str, reduce: Callable[..., Any], *, arithmetic: bool) -> Callable[..., Any]:
    @kernel_op(f"tl.{name}")
    def op(t: Tile[Any], axis: Axis = None, keepdims: bool = False) -> Tile[Any]:
        if not isinstance(t, _tiles.Tile):
            raise TypeError(f"the argument of tl.{name} must be a tile, got {type(t).__name__}")
        axes = _axes(axis, t.ndim)
        result: type[DType] = i32 if (arithmetic and t.dtype is bool_) else t.dtype
        cdt = compute_dtype(result)
        data = t._data if t._data.dtype == cdt else t._data.astype(cdt)
        batch_axes = tuple(a + 1 for a in axes)
        if arithmetic:
            out = reduce(data, axis=batch_axes, keepdims=keepdims, dtype=cdt)
        else:
            out = reduce(data, axis=batch_axes, keepdims=keepdims)
        rank = t.ndim if keepdims else t.ndim - len(axes)
        return wrap(out, result, rank)

    return op


SUM = _reduction("sum", np.sum, arithmetic=True)
PROD = _reduction("prod", np.prod, arithmetic=True)
MAX = _reduction("max", np.max, arithmetic=False)
MIN = _reduction("min", np.min, arithmetic=False)


def _tile_arg(t: object, name: str) -> Tile[Any]:
    if not isinstance(t, _tiles.Tile):
        raise TypeError(f"the argument of tl.{name} must be a tile, got {type(t).__name__}")
    return t


def _arg_reduction(name: str, *, largest: bool) -> Callable[..., Any]:
    """argmax (``largest``) or argmin. cuTile compares (value, index) pairs: the better value
    wins, equal values (two NaNs included) keep the smaller index, and a NaN loses to any
    number. So the result is the first index of the best non-NaN value, or 0 when all are
    NaN; numpy's argmax would instead stop at the first NaN."""

    @kernel_op(f"tl.{name}")
    def op(t: Tile[Any], axis: int | None = None, keepdims: bool = False) -> Tile[Any]:
        t = _tile_arg(t, name)
        if axis is not None and not isinstance(axis, int):
            raise TypeError(f"takes one axis (an int) or None, got {axis!r}")
        data = t._data.astype(compute_dtype(i32 if t.dtype is bool_ else t.dtype), copy=False)
        blocks = data.shape[0]
        if axis is None:
            data = data.reshape(blocks, -1)
            batch_axis = 1
        else:
            batch_axis = normalize_axis(axis, t.ndim) + 1
        if data.dtype.kind == "f":
            nan = np.isnan(data)
            worst = -np.inf if largest else np.inf
            filled = np.where(nan, worst, data)
            best = (np.max if largest else np.min)(filled, axis=batch_axis, keepdims=True)
            out = np.argmax((data == best) & ~nan, axis=batch_axis)  # all False: 0
        else:
            out = (np.argmax if largest else np.argmin)(data, axis=batch_axis)
        out = out.astype(np.int32)
        shape: tuple[int, ...]
        if axis is None:
            shape = (1,) * t.ndim if keepdims else ()
        else:
            ax = batch_axis - 1
            kept = (1,) if keepdims else ()
            shape = (*t.shape[:ax], *kept, *t.shape[ax + 1 :])
        return wrap(out.reshape(blocks, *shape), i32, len(shape))

    return op


ARGMAX = _arg_reduction("argmax", largest=True)
ARGMIN = _arg_reduction("argmin", largest=False)


def _scan(name: str, scan: Callable[..., Any]) -> Callable[..., Any]:
    """An inclusive scan along one axis, from the end with ``reverse``; dtypes as ``sum``."""

    @kernel_op(f"tl.{name}")
    def op(t: Tile[Any], axis: int = 0, reverse: bool = False) -> Tile[Any]:
        t = _tile_arg(t, name)
        if not isinstance(axis, int):
            raise TypeError(f"takes one axis (an int), got {axis!r}")
        batch_axis = normalize_axis(axis, t.ndim) + 1
        result: type[DType] = i32 if t.dtype is bool_ else t.dtype
        cdt = compute_dtype(result)
        data = t._data if t._data.dtype == cdt else t._data.astype(cdt)
        if reverse:
            data = np.flip(data, axis=batch_axis)
        out = scan(data, axis=batch_axis, dtype=cdt)
        if reverse:
            out = np.flip(out, axis=batch_axis)
        return wrap(out, result, t.ndim)

    return op


CUMSUM = _scan("cumsum", np.cumsum)
CUMPROD = _scan("cumprod", np.cumprod)

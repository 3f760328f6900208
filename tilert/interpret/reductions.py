"""Reductions over tile axes: sum, prod, max, min. f16/bf16 accumulate in f32 and round back;
integer sums wrap in the tile's dtype; a bool_ tile sums and multiplies as i32."""

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

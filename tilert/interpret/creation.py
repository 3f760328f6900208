"""Tiles made from nothing: zeros, full, arange. They hold one value for every block, so their
batch axis has length 1 and numpy broadcasting spreads them over the batch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tilert.dtypes import DType, as_dtype, i32
from tilert.interpret import tiles as _tiles
from tilert.interpret.context import kernel_op
from tilert.interpret.dtype_rules import scalar_array
from tilert.interpret.elementwise import convert, operand
from tilert.interpret.shapes import tile_shape

ShapeArg = int | Sequence[int]


@kernel_op("tl.zeros")
def zeros(shape: ShapeArg, dtype: Any) -> _tiles.Tile[Any]:
    dt = as_dtype(dtype)
    return _tiles.Tile(np.zeros((1, *tile_shape(shape)), dtype=dt.np_dtype), dt)


@kernel_op("tl.full")
def full(shape: ShapeArg, value: object, dtype: Any) -> _tiles.Tile[Any]:
    dt: type[DType] = as_dtype(dtype)
    dims = tile_shape(shape)
    v = operand(value, "the fill value")
    if isinstance(v, _tiles.Tile):
        if v.shape != ():
            raise ValueError(f"the fill value must be a scalar, got a tile of shape {v.shape}")
        data = convert(v._data, v.dtype, dt)
        return _tiles.Tile(
            np.broadcast_to(data.reshape(-1, *(1,) * len(dims)), (data.shape[0], *dims)), dt
        )
    fill = scalar_array(v, dt.np_dtype)
    return _tiles.Tile(np.full((1, *dims), fill, dtype=dt.np_dtype), dt)


@kernel_op("tl.arange")
def arange(n: int, dtype: Any = i32) -> _tiles.Tile[Any]:
    dt = as_dtype(dtype)
    (count,) = tile_shape(n, "arange length")
    return _tiles.Tile(np.arange(count).astype(dt.np_dtype).reshape(1, count), dt)

"""Matrix products: ``tl.mma(a, b, acc)`` (acc + a @ b in acc's dtype; f16/bf16 inputs are
multiplied exactly and accumulated in f32, as tensor cores do) and ``tl.matmul``. Tiles of rank
2, or 3 with a leading batch dimension."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from tilert.dtypes import DType
from tilert.interpret import tiles as _tiles
from tilert.interpret.context import kernel_op
from tilert.interpret.dtype_rules import compute_dtype, promote
from tilert.interpret.elementwise import wrap

if TYPE_CHECKING:
    from tilert.interpret.tiles import Tile


def _check_operands(a: object, b: object, op: str) -> tuple[Tile[Any], Tile[Any]]:
    for name, t in (("a", a), ("b", b)):
        if not isinstance(t, _tiles.Tile):
            raise TypeError(f"{op}: `{name}` must be a tile, got {type(t).__name__}")
        if t.ndim not in (2, 3):
            raise ValueError(f"{op}: `{name}` must have rank 2 or 3, got shape {t.shape}")
    assert isinstance(a, _tiles.Tile) and isinstance(b, _tiles.Tile)
    if a.ndim != b.ndim:
        raise ValueError(f"a has shape {a.shape} and b {b.shape}: ranks differ")
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(
            f"a has shape {a.shape} and b {b.shape}: the inner dimensions "
            f"({a.shape[-1]} and {b.shape[-2]}) differ"
        )
    if a.ndim == 3 and a.shape[0] != b.shape[0]:
        raise ValueError(f"a has shape {a.shape} and b {b.shape}: batch dimensions differ")
    return a, b


def _product_shape(a: Tile[Any], b: Tile[Any]) -> tuple[int, ...]:
    return (*a.shape[:-1], b.shape[-1])


def _accumulator_dtype(dt: type[DType]) -> np.dtype[Any]:
    """What a product accumulates in: f32 for floats up to f32, f64 for f64, int64 for ints."""
    if dt.kind == "f":
        return compute_dtype(dt)
    return np.dtype(np.int64)


# input dtype -> the accumulator dtypes the GPU's mma takes (cuTile's _mma_supported_dtypes)
_MMA_ACCUMULATORS = {
    "f8e4m3fn": ("f16", "f32"),
    "f8e5m2": ("f16", "f32"),
    "f16": ("f16", "f32"),
    "bf16": ("f32",),
    "f32": ("f32",),
    "f64": ("f64",),
    "i8": ("i32",),
    "u8": ("i32",),
}


@kernel_op("tl.mma")
def mma(a: Tile[Any], b: Tile[Any], acc: Tile[Any]) -> Tile[Any]:
    a, b = _check_operands(a, b, "tl.mma")
    if not isinstance(acc, _tiles.Tile):
        raise TypeError(f"`acc` must be a tile, got {type(acc).__name__}")
    if a.dtype is not b.dtype:
        raise TypeError(f"a is {a.dtype} and b is {b.dtype}: mma needs one input dtype")
    allowed = _MMA_ACCUMULATORS.get(a.dtype.name, ())
    if acc.dtype.name not in allowed:
        takes = ", ".join(f"{i} -> {' or '.join(o)}" for i, o in _MMA_ACCUMULATORS.items())
        raise TypeError(
            f"mma of {a.dtype} inputs into a {acc.dtype} accumulator: the GPU takes {takes}"
        )
    expected = _product_shape(a, b)
    if acc.shape != expected:
        raise ValueError(
            f"acc has shape {acc.shape} but a {a.shape} @ b {b.shape} gives {expected}"
        )
    cdt = _accumulator_dtype(acc.dtype)
    product = np.matmul(a._data.astype(cdt), b._data.astype(cdt))
    return wrap(product + acc._data.astype(cdt), acc.dtype, acc.ndim)


def _matmul(a: Tile[Any], b: Tile[Any], op: str) -> Tile[Any]:
    a, b = _check_operands(a, b, op)
    result = promote(a.dtype, b.dtype)
    cdt = _accumulator_dtype(result)
    product = np.matmul(a._data.astype(cdt), b._data.astype(cdt))
    return wrap(product, result, a.ndim)


@kernel_op("tl.matmul")
def matmul(a: Tile[Any], b: Tile[Any]) -> Tile[Any]:
    """a @ b in the inputs' promoted dtype (f16/bf16 accumulate in f32 and round back)."""
    return _matmul(a, b, "tl.matmul")


@kernel_op("`@`")
def matmul_op(a: Tile[Any], b: Tile[Any]) -> Tile[Any]:
    return _matmul(a, b, "`@`")

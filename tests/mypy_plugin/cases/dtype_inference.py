# ruff: noqa: E501
# fmt: off
"""dtypes flow from creation calls through partitions, launches and tiles."""

import numpy as np
from typing_extensions import reveal_type

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32, f64


@tr.kernel
def gemm(c: Mutable[Tensor[f32]], a: Shared[Tensor[f16]], b: Shared[Tensor[f16]], bk: Const[int]) -> None:
    i, j = c.index
    bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    reveal_type(bk)  # N: Revealed type is "int"
    tile = a.load_tile((bm, bk), (i, 0))
    reveal_type(tile)  # N: Revealed type is "tilert.lang.Tile[tilert.dtypes.f16]"
    reveal_type(tile * 2.0)  # N: Revealed type is "tilert.lang.Tile[tilert.dtypes.f16]"
    reveal_type(tile < 0)  # N: Revealed type is "tilert.lang.Tile[tilert.dtypes.bool_]"
    reveal_type(tl.arange(8) / 2)  # N: Revealed type is "tilert.lang.Tile[tilert.dtypes.f32]"
    reveal_type(tl.exp(tile))  # N: Revealed type is "tilert.lang.Tile[tilert.dtypes.f16]"
    reveal_type(tl.sum(tile < 0))  # N: Revealed type is "tilert.lang.Tile[tilert.dtypes.i32]"
    acc = tl.mma(tile, b.load_tile((bk, bn), (0, j)), acc)
    reveal_type(acc)  # N: Revealed type is "tilert.lang.Tile[tilert.dtypes.f32]"
    reveal_type(c.load())  # N: Revealed type is "tilert.lang.Tile[tilert.dtypes.f32]"
    c.store(acc)


@tr.kernel
def double(y: Mutable[Tensor[f64]], x: Shared[Tensor[f64]]) -> None:
    y.store(tl.load_tile_like(x, y) * 2.0)


def host() -> None:
    reveal_type(tr.zeros((4, 4)))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.f32]"
    reveal_type(tr.zeros((4, 4), dtype=f16))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.f16]"
    reveal_type(tr.empty((4, 4), "f16"))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.f16]"
    reveal_type(tr.full((4,), 1, dtype=np.int32))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.i32]"
    reveal_type(tr.arange(8, dtype="bool"))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.bool_]"
    reveal_type(tr.from_numpy(np.zeros((4, 4), dtype=np.float16)))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.f16]"
    # inline: each overload's type context must not decide the array's dtype
    reveal_type(tr.from_numpy(np.zeros(8, dtype=np.float32)))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.f32]"
    reveal_type(tr.from_numpy(np.ones(8, dtype=np.float64)))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.f64]"
    reveal_type(tr.from_numpy(np.zeros(8, dtype=np.int32)))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.i32]"
    reveal_type(tr.from_numpy(np.zeros(8, dtype=np.int64)))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.i64]"
    reveal_type(tr.from_numpy(np.zeros(8, dtype=np.bool_)))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.bool_]"
    reveal_type(tr.from_numpy(np.zeros(8)))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.f64]"
    reveal_type(tr.from_numpy(np.arange(8).astype(np.float32)))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.f32]"
    # a dtype numpy's stubs do not know (a string, a Python type): Any, not a guess
    reveal_type(tr.from_numpy(np.zeros(8, dtype="float32")))  # N: Revealed type is "tilert.tensor.Tensor[Any]"
    reveal_type(tr.from_numpy(np.zeros(8, dtype=bool)))  # N: Revealed type is "tilert.tensor.Tensor[Any]"
    # pre-bound arrays
    h = np.zeros(8, dtype=np.float16)
    s = np.zeros(8, dtype=np.float32)
    i = np.zeros(8, dtype=np.int32)
    u = np.zeros(8, dtype=np.uint8)
    reveal_type(tr.from_numpy(h))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.f16]"
    reveal_type(tr.from_numpy(s))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.f32]"
    reveal_type(tr.from_numpy(i))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.i32]"
    reveal_type(tr.from_numpy(u))  # N: Revealed type is "tilert.tensor.Tensor[tilert.dtypes.u8]"
    f64k = tr.zeros((8,), dtype=f64)
    double(f64k.partition((4,)), tr.from_numpy(np.zeros(8, dtype=np.float64))).sync()  # the review's false tile-dtype
    c = tr.zeros((4, 4))
    a = tr.ones((4, 4), dtype=f16)
    reveal_type(c.partition((2, 2)))  # N: Revealed type is "tilert.tensor.Partition[tilert.dtypes.f32]"
    op = gemm(c.partition((2, 2)), a, a, 2)
    reveal_type(op)  # N: Revealed type is "tilert.ops.Op[tilert.tensor.Partition[tilert.dtypes.f32], tilert.tensor.Tensor[tilert.dtypes.f16], tilert.tensor.Tensor[tilert.dtypes.f16], int]"
    reveal_type(op.submit().wait())  # N: Revealed type is "tuple[tilert.tensor.Partition[tilert.dtypes.f32], tilert.tensor.Tensor[tilert.dtypes.f16], tilert.tensor.Tensor[tilert.dtypes.f16], int]"

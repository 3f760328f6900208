"""Element-wise and matrix-vector kernels the programs launch (f32; `matvec`: w [N, K], x [K])."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def mul(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) * tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    z.store(a * tl.load_tile_like(x, z))


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(a * tl.load_tile_like(x, y) + y.load())


@tr.kernel
def accumulate(z: Mutable[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(z.load() + tl.load_tile_like(y, z))


@tr.kernel
def copy(z: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(src, z))


@tr.kernel
def fill(z: Mutable[Tensor[f32]], value: float) -> None:
    z.store(z.load() * 0.0 + value)


@tr.kernel
def relu(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.maximum(tl.load_tile_like(x, z), 0.0))


@tr.kernel
def matvec(
    out: Mutable[Tensor[f32]], w: Shared[Tensor[f32]], x: Shared[Tensor[f32]], bk: Const[int]
) -> None:
    (i,) = out.index
    (bn,) = out.tile_shape
    acc = tl.zeros((bn, bk), tl.f32)
    for k in range(tl.cdiv(w.shape[1], bk)):
        acc = acc + w.load_tile((bn, bk), (i, k)) * tl.reshape(x.load_tile((bk,), (k,)), (1, bk))
    out.store(tl.sum(acc, axis=1))

"""The toolkit's kernels: f32, any rank where the op is elementwise (tiles follow the output's
partition), and a matrix-vector product for [N, K] weights."""

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
def scale_(z: Mutable[Tensor[f32]], a: float) -> None:
    """In place: z *= a."""
    z.store(a * z.load())


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    """In place: y += a * x."""
    y.store(y.load() + a * tl.load_tile_like(x, y))


@tr.kernel
def acc(z: Mutable[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    """In place: z += y."""
    z.store(z.load() + tl.load_tile_like(y, z))


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


@tr.kernel
def fill(z: Mutable[Tensor[f32]], value: float) -> None:
    z.store(z.load() * 0.0 + value)


@tr.kernel
def silu(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z)
    z.store(t / (1.0 + tl.exp(-t)))


@tr.kernel
def matvec(
    out: Mutable[Tensor[f32]], w: Shared[Tensor[f32]], x: Shared[Tensor[f32]], bk: Const[int]
) -> None:
    """out = w @ x for w [N, K], x [K]; K a multiple of bk."""
    (i,) = out.index
    (bn,) = out.tile_shape
    total = tl.zeros((bn, bk), tl.f32)
    for k in range(tl.cdiv(w.shape[1], bk)):
        xk = tl.reshape(x.load_tile((bk,), (k,)), (1, bk))
        total = total + w.load_tile((bn, bk), (i, k)) * xk
    out.store(tl.sum(total, axis=1))

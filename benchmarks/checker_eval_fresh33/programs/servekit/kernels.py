"""Elementwise kernels over 1-D and 2-D f32 tensors (a tile per block)."""

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(a, out) + tl.load_tile_like(b, out))


@tr.kernel
def mul(out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(a, out) * tl.load_tile_like(b, out))


@tr.kernel
def scale(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], alpha: float) -> None:
    out.store(alpha * tl.load_tile_like(x, out))


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(a * tl.load_tile_like(x, y) + y.load())


@tr.kernel
def accumulate(acc: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    acc.store(acc.load() + tl.load_tile_like(x, acc))


@tr.kernel
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


@tr.kernel
def relu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, out)
    out.store(tl.maximum(t, 0.0 * t))


@tr.kernel
def sgd_step(param: Mutable[Tensor[f32]], grad: Shared[Tensor[f32]], lr: float) -> None:
    param.store(param.load() - lr * tl.load_tile_like(grad, param))

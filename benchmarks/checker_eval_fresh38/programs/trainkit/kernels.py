"""Elementwise kernels over 1-D f32 tensors: the output is Mutable (partitioned), inputs Shared."""

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
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


@tr.kernel
def scale(out: Mutable[Tensor[f32]], factor: float) -> None:
    out.store(out.load() * factor)


@tr.kernel
def fill(out: Mutable[Tensor[f32]], value: float) -> None:
    out.store(out.load() * 0.0 + value)


@tr.kernel
def accumulate(acc: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    acc.store(acc.load() + tl.load_tile_like(x, acc))


@tr.kernel
def sq_accumulate(acc: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, acc)
    acc.store(acc.load() + t * t)


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(y.load() + a * tl.load_tile_like(x, y))


@tr.kernel
def sgd_step(param: Mutable[Tensor[f32]], grad: Shared[Tensor[f32]], lr: float) -> None:
    param.store(param.load() - lr * tl.load_tile_like(grad, param))


@tr.kernel
def momentum(buf: Mutable[Tensor[f32]], grad: Shared[Tensor[f32]], beta: float) -> None:
    buf.store(beta * buf.load() + tl.load_tile_like(grad, buf))

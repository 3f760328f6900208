"""Elementwise kernels over 1-d and 2-d tensors: outputs are Mutable partitions, inputs Shared."""

from __future__ import annotations

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
def scale(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    out.store(a * tl.load_tile_like(x, out))


@tr.kernel
def scale_(out: Mutable[Tensor[f32]], a: float) -> None:
    out.store(a * out.load())


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(y.load() + a * tl.load_tile_like(x, y))


@tr.kernel
def acc(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(out.load() + tl.load_tile_like(x, out))


@tr.kernel
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


@tr.kernel
def fill(out: Mutable[Tensor[f32]], value: float) -> None:
    out.store(tl.zeros(out.tile_shape, tl.f32) + value)


@tr.kernel
def relu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(tl.maximum(tl.load_tile_like(x, out), 0.0))


@tr.kernel
def square(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, out)
    out.store(t * t)


@tr.kernel
def maximum(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(tl.maximum(out.load(), tl.load_tile_like(x, out)))


@tr.kernel
def lerp(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], w: float) -> None:
    out.store(out.load() * (1.0 - w) + tl.load_tile_like(x, out) * w)

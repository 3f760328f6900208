"""Elementwise kernels over 1-D (or any-rank, tile-like) tensors."""

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(a, out) + tl.load_tile_like(b, out))


@tr.kernel
def add_(out: Mutable[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(out.load() + tl.load_tile_like(b, out))


@tr.kernel
def mul(out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(a, out) * tl.load_tile_like(b, out))


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], alpha: float) -> None:
    y.store(alpha * tl.load_tile_like(x, y) + y.load())


@tr.kernel
def scale(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], alpha: float) -> None:
    out.store(alpha * tl.load_tile_like(x, out))


@tr.kernel
def scale_(out: Mutable[Tensor[f32]], alpha: float) -> None:
    out.store(alpha * out.load())


@tr.kernel
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


@tr.kernel
def relu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(tl.maximum(tl.load_tile_like(x, out), 0.0))


@tr.kernel
def fill(out: Mutable[Tensor[f32]], value: float) -> None:
    out.store(tl.zeros(out.tile_shape, tl.f32) + value)

"""Elementwise kernels over 1-D (or any-rank) f32 tensors."""

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


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
def relu(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.maximum(tl.load_tile_like(x, z), 0.0))

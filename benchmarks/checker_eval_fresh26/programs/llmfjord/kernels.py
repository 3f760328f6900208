"""Elementwise kernels: outputs Mutable (partitioned by the caller), inputs Shared."""

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


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
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


@tr.kernel
def relu(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z)
    z.store(tl.maximum(t, 0.0 * t))


@tr.kernel
def gelu_tanh(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z)
    z.store(0.5 * t * (1.0 + tl.tanh(0.7978845608 * (t + 0.044715 * t * t * t))))


@tr.kernel
def residual_add(h: Mutable[Tensor[f32]], delta: Shared[Tensor[f32]]) -> None:
    h.store(h.load() + tl.load_tile_like(delta, h))

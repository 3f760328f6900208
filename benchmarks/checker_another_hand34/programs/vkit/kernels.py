"""Elementwise f32 kernels: the output partition first, inputs Shared."""

from __future__ import annotations

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
def scale_(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(a * z.load())


@tr.kernel
def accum(z: Mutable[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(z.load() + tl.load_tile_like(y, z))


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


@tr.kernel
def fill(z: Mutable[Tensor[f32]], value: float) -> None:
    z.store(0.0 * z.load() + value)


@tr.kernel
def relu(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.maximum(tl.load_tile_like(x, z), 0.0))

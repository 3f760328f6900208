"""Tile kernels used by the evaluation programs (f32, any rank up to 3)."""

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
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(y.load() + a * tl.load_tile_like(x, y))


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


@tr.kernel
def fill(z: Mutable[Tensor[f32]], v: float) -> None:
    z.store(z.load() * 0.0 + v)


@tr.kernel
def relu(z: Mutable[Tensor[f32]]) -> None:
    t = z.load()
    z.store(tl.where(t > 0.0, t, 0.0))


@tr.kernel
def residual(h: Mutable[Tensor[f32]], delta: Shared[Tensor[f32]]) -> None:
    h.store(h.load() + tl.load_tile_like(delta, h))

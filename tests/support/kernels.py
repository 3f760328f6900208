"""Small kernels shared by the runtime tests."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


@tr.kernel
def fill2(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]], v: float) -> None:
    a.store(tl.full(a.tile_shape, v, tl.f32))
    b.store(tl.full(b.tile_shape, v, tl.f32))

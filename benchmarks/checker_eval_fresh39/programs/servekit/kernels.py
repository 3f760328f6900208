"""Elementwise kernels (f32), written as docs/kernels.md's guide and the README show."""

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(a, out) + tl.load_tile_like(b, out))


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], alpha: float) -> None:
    y.store(alpha * tl.load_tile_like(x, y) + y.load())


@tr.kernel
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


@tr.kernel
def scale(y: Mutable[Tensor[f32]], factor: float) -> None:
    y.store(y.load() * factor)


@tr.kernel
def scale_into(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], factor: float) -> None:
    out.store(tl.load_tile_like(x, out) * factor)


@tr.kernel
def relu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, out)
    out.store(tl.maximum(t, 0.0))


@tr.kernel
def fill(out: Mutable[Tensor[f32]], value: float) -> None:
    out.store(out.load() * 0.0 + value)

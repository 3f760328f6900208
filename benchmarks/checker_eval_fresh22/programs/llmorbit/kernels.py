"""Elementwise f32 kernels, output first (Mutable), inputs Shared."""

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
def accum(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(out.load() + tl.load_tile_like(x, out))


@tr.kernel
def axpy(
    out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]], a: float
) -> None:
    out.store(a * tl.load_tile_like(x, out) + tl.load_tile_like(y, out))


@tr.kernel
def copy(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(x, out))


@tr.kernel
def fill(out: Mutable[Tensor[f32]], value: float) -> None:
    out.store(value + 0.0 * out.load())


@tr.kernel
def relu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(tl.maximum(tl.load_tile_like(x, out), 0.0))

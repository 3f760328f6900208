"""Elementwise kernels over 1-D or 2-D f32 tensors, one block per tile of the output."""

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
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], alpha: float) -> None:
    y.store(y.load() + alpha * tl.load_tile_like(x, y))


@tr.kernel
def scale(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], alpha: float) -> None:
    out.store(alpha * tl.load_tile_like(x, out))


@tr.kernel
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


@tr.kernel
def fill(out: Mutable[Tensor[f32]], value: float) -> None:
    out.store(out.load() * 0.0 + value)


@tr.kernel
def relu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, out)
    out.store(tl.maximum(t, 0.0))


@tr.kernel
def silu_mul(out: Mutable[Tensor[f32]], gate: Shared[Tensor[f32]], up: Shared[Tensor[f32]]) -> None:
    g = tl.load_tile_like(gate, out)
    out.store(g / (1.0 + tl.exp(-g)) * tl.load_tile_like(up, out))

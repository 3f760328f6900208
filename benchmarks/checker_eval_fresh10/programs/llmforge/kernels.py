"""Elementwise tile kernels: the first argument is the output (a partition), the rest are read."""

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
def scale(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], s: float) -> None:
    out.store(tl.load_tile_like(x, out) * s)


@tr.kernel
def scale_(out: Mutable[Tensor[f32]], s: float) -> None:
    out.store(out.load() * s)


@tr.kernel
def accum(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(out.load() + tl.load_tile_like(x, out))


@tr.kernel
def axpy(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    out.store(out.load() + tl.load_tile_like(x, out) * a)


@tr.kernel
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


@tr.kernel
def fill(out: Mutable[Tensor[f32]], value: float) -> None:
    out.store(out.load() * 0.0 + value)


@tr.kernel
def relu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(tl.maximum(tl.load_tile_like(x, out), 0.0))


@tr.kernel
def sqr(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, out)
    out.store(t * t)


@tr.kernel
def blend(
    out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]], w: float
) -> None:
    out.store(tl.load_tile_like(a, out) * (1.0 - w) + tl.load_tile_like(b, out) * w)

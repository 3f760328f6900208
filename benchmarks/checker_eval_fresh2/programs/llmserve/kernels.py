"""Small f32 tile kernels, written from docs/language.md and docs/kernels.md.

Every kernel takes its output first as a Mutable partition; inputs are Shared tensors."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def fill(out: Mutable[Tensor[f32]], value: float) -> None:
    out.store(tl.full(out.tile_shape, value, tl.f32))


@tr.kernel
def copy(dst: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    dst.store(tl.load_tile_like(src, dst))


@tr.kernel
def scale(y: Mutable[Tensor[f32]], a: float) -> None:
    y.store(y.load() * a)


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(y.load() + a * tl.load_tile_like(x, y))


@tr.kernel
def add(out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(a, out) + tl.load_tile_like(b, out))


@tr.kernel
def mul(out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(a, out) * tl.load_tile_like(b, out))


@tr.kernel
def silu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, out)
    out.store(t * tl.sigmoid(t))


@tr.kernel
def relu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(tl.maximum(tl.load_tile_like(x, out), 0.0))


@tr.kernel
def accumulate(acc: Mutable[Tensor[f32]], delta: Shared[Tensor[f32]]) -> None:
    acc.store(acc.load() + tl.load_tile_like(delta, acc))


@tr.kernel
def rms_rows(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], eps: float) -> None:
    """RMS-normalise each row: out tiles are (1, BLOCK) with BLOCK >= the row length."""
    row = tl.load_tile_like(x, out)
    ms = tl.sum(row * row, axis=1, keepdims=True) / x.shape[1]
    out.store(row * tl.rsqrt(ms + eps))


@tr.kernel
def softmax_rows(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    row = tl.load_tile_like(x, out)
    cols = tl.expand_dims(tl.arange(out.tile_shape[1], dtype=tl.i32), 0)
    valid = cols < x.shape[1]
    row = tl.where(valid, row, float("-inf"))
    e = tl.where(valid, tl.exp(row - tl.max(row, axis=1, keepdims=True)), 0.0)
    out.store(e / tl.sum(e, axis=1, keepdims=True))

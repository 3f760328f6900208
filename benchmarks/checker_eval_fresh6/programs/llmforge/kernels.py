"""Kernels for the programs of this set, written from docs/kernels.md and docs/language.md."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


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
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(a * tl.load_tile_like(x, y) + y.load())


@tr.kernel
def acc(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    y.store(y.load() + tl.load_tile_like(x, y))


@tr.kernel
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


@tr.kernel
def fill(out: Mutable[Tensor[f32]], value: float) -> None:
    out.store(tl.full(out.tile_shape, value, tl.f32))


@tr.kernel
def relu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(tl.maximum(tl.load_tile_like(x, out), 0.0))


@tr.kernel
def matvec(
    out: Mutable[Tensor[f32]], w: Shared[Tensor[f32]], x: Shared[Tensor[f32]], bk: Const[int]
) -> None:
    # x is a row [1, K] (pass ``v.reshape(1, -1)`` for a vector)
    (i,) = out.index
    (bn,) = out.tile_shape
    total = tl.zeros((bn, bk), tl.f32)
    for k in range(tl.cdiv(w.shape[1], bk)):
        total = total + w.load_tile((bn, bk), (i, k)) * x.load_tile((1, bk), (0, k))
    out.store(tl.sum(total, axis=1))

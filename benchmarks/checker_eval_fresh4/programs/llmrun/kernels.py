"""Kernels for the evaluation programs, written from docs/language.md and the examples."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def fill(out: Mutable[Tensor[f32]], value: float) -> None:
    out.store(tl.full(out.tile_shape, value, tl.f32))


@tr.kernel
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


@tr.kernel
def add(out: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(a, out) + tl.load_tile_like(b, out))


@tr.kernel
def scale(out: Mutable[Tensor[f32]], factor: float) -> None:
    out.store(out.load() * factor)


@tr.kernel
def axpy(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    out.store(out.load() + a * tl.load_tile_like(x, out))


@tr.kernel
def relu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(tl.maximum(tl.load_tile_like(x, out), 0.0))


@tr.kernel
def matvec(
    out: Mutable[Tensor[f32]], w: Shared[Tensor[f32]], x: Shared[Tensor[f32]], bk: Const[int]
) -> None:
    (i,) = out.index
    (bn,) = out.tile_shape
    acc = tl.zeros((bn, bk), tl.f32)
    for k in range(tl.cdiv(w.shape[1], bk)):
        acc = acc + w.load_tile((bn, bk), (i, k)) * tl.reshape(x.load_tile((bk,), (k,)), (1, bk))
    out.store(tl.sum(acc, axis=1))

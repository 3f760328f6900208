"""Tile kernels used by the programs of this set, written from docs/language.md.

Every kernel is f32 and works on 1-D or 2-D tensors: the output is a Mutable partition,
inputs are Shared and read at the output tile's position (``tl.load_tile_like``)."""

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
def scale(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], alpha: float) -> None:
    out.store(alpha * tl.load_tile_like(x, out))


@tr.kernel
def copy(out: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(src, out))


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], alpha: float) -> None:
    """y += alpha * x, in place."""
    y.store(y.load() + alpha * tl.load_tile_like(x, y))


@tr.kernel
def bump(y: Mutable[Tensor[f32]], delta: float) -> None:
    """y += delta, no input tensor."""
    y.store(y.load() + delta)


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
    """out = w @ x for w [n, k], x [k]; one block per ``bn`` rows, ``bk`` columns a step."""
    (i,) = out.index
    (bn,) = out.tile_shape
    acc = tl.zeros((bn, bk), tl.f32)
    for k in range(tl.cdiv(w.shape[1], bk)):
        xk = tl.reshape(x.load_tile((bk,), (k,)), (1, bk))
        acc = acc + w.load_tile((bn, bk), (i, k)) * xk
    out.store(tl.sum(acc, axis=1))


@tr.kernel
def split_scale(
    lo: Mutable[Tensor[f32]], hi: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], alpha: float
) -> None:
    """lo = x and hi = alpha * x, two outputs tiled alike."""
    t = tl.load_tile_like(x, lo)
    lo.store(t)
    hi.store(alpha * t)

"""Tile kernels shared by the held-out programs (f32, 1-d and 2-d)."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale(y: Mutable[Tensor[f32]], a: float) -> None:
    y.store(y.load() * a)


@tr.kernel
def fill(y: Mutable[Tensor[f32]], value: float) -> None:
    y.store(tl.full(y.tile_shape, value, tl.f32))


@tr.kernel
def copy(dst: Mutable[Tensor[f32]], src: Shared[Tensor[f32]]) -> None:
    dst.store(tl.load_tile_like(src, dst))


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    y.store(y.load() + a * tl.load_tile_like(x, y))


@tr.kernel
def residual_add(h: Mutable[Tensor[f32]], delta: Shared[Tensor[f32]]) -> None:
    h.store(h.load() + tl.load_tile_like(delta, h))


@tr.kernel
def silu(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, out)
    out.store(t / (1.0 + tl.exp(-t)))


@tr.kernel
def gated(out: Mutable[Tensor[f32]], gate: Shared[Tensor[f32]], up: Shared[Tensor[f32]]) -> None:
    g = tl.load_tile_like(gate, out)
    out.store(g / (1.0 + tl.exp(-g)) * tl.load_tile_like(up, out))


@tr.kernel
def row_scale(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], w: Shared[Tensor[f32]]) -> None:
    """out[i, j] = x[i, j] * w[j] over 2-d tiles."""
    j = out.index[1]
    bn = out.tile_shape[1]
    wt = w.load_tile((bn,), (j,))
    out.store(tl.load_tile_like(x, out) * wt[None, :])


@tr.kernel
def swap_add(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]]) -> None:
    """Two outputs with the same tiling: a, b = a + b, a - b."""
    ta = a.load()
    tb = b.load()
    a.store(ta + tb)
    b.store(ta - tb)

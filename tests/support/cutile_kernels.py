"""Kernels covering the kernel language, shared by the lowering tests (CPU) and the GPU tests
(which compare the cutile backend with the interpreter)."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32, i32, u32

# Module-level constants a kernel reads: the generated module has none of them, so the lowering
# writes each into the kernel where it is used.
CLIP = 0.75
SHIFT = 3
SCALE = (0.5, 2.0)
t = 123.0  # a global that a kernel's own local `t` must not be mistaken for


@tr.function
def soft_sign(t: tl.Tile[f32]) -> tl.Tile[f32]:
    return t / (1.0 + tl.abs(t))


@tr.kernel
def math_ops(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z)
    a = tl.abs(t)
    out = tl.exp(t * 0.5) + tl.sqrt(a) + tl.sin(t) - tl.cos(t) + tl.tanh(t)
    out = out + tl.maximum(t, 0.0) - tl.minimum(t, 0.1) + tl.exp2(t * 0.25)
    out = out + tl.log(a + 1.0) + tl.rsqrt(a + 1.0) + soft_sign(t)
    z.store(out)


@tr.kernel
def module_constants(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z)
    low, high = SCALE
    clipped = tl.minimum(tl.maximum(t, -CLIP), CLIP)
    z.store(clipped * high + low + SHIFT)


@tr.kernel
def cat_four(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    i = z.index[0]
    q = z.tile_shape[0] // 4
    a = x.load_tile((q,), (4 * i,))
    b = x.load_tile((q,), (4 * i + 1,)) * 2.0
    c = x.load_tile((q,), (4 * i + 2,)) * 3.0
    d = x.load_tile((q,), (4 * i + 3,)) * 4.0
    z.store(tl.cat([d, c, b, a], axis=0))  # four tiles: pairs of pairs on the GPU


@tr.kernel
def philox_words(out: Mutable[Tensor[u32]], seed: int) -> None:
    i = out.index[0]
    n = out.tile_shape[0]
    out.store(tl.randint(seed, tl.arange(n, dtype=tl.i32) + i * n))


@tr.kernel
def random_math(
    uniform: Mutable[Tensor[f32]], normal: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], seed: int
) -> None:
    i = uniform.index[0]
    n = uniform.tile_shape[0]
    offsets = tl.arange(n, dtype=tl.i32) + i * n
    t = tl.load_tile_like(x, uniform)
    uniform.store(tl.rand(seed, offsets) + tl.sigmoid(t) * 0.0)
    normal.store(tl.randn(seed, offsets) + tl.erf(t) * 0.0 + tl.softplus(t) * 0.0)


@tr.kernel
def smooth_math(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z)
    z.store(tl.sigmoid(t) + 2.0 * tl.erf(t) + 4.0 * tl.softplus(t))


@tr.kernel
def small_math(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z)
    z.store(tl.log1p(t) + 3.0 * tl.expm1(t))


@tr.kernel
def select_cast(z: Mutable[Tensor[i32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z)
    neg = tl.full(z.tile_shape, -1, tl.i32)
    z.store(tl.where(t > 0.0, tl.astype(t * 10.0, tl.i32), neg))


@tr.kernel
def row_stats(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], bc: Const[int]) -> None:
    i = z.index[0]
    r = x.load_tile((1, bc), (i, 0))
    cols = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0)
    valid = cols < x.shape[1]
    s = tl.sum(r, axis=1, keepdims=True)
    hi = tl.max(tl.where(valid, r, float("-inf")), axis=1, keepdims=True)
    lo = tl.min(tl.where(valid, r, float("inf")), axis=1, keepdims=True)
    p = tl.prod(tl.where(valid, 1.0 + r * 0.01, 1.0), axis=1, keepdims=True)
    z.store(tl.cat((tl.cat((s, hi), axis=1), tl.cat((lo, p), axis=1)), axis=1))


@tr.kernel
def block_ids(z: Mutable[Tensor[i32]]) -> None:
    _i, j = z.index
    bm, bn = z.tile_shape
    rows = tl.expand_dims(tl.arange(bm, dtype=tl.i32), 1)
    cols = tl.expand_dims(tl.arange(bn, dtype=tl.i32), 0)
    base = tl.bid(0) * 1000 + j * 100 + tl.num_blocks(1) * 10000 + tl.cdiv(z.shape[1], bn)
    z.store(tl.broadcast_to(rows * bn + cols, (bm, bn)) + base)


@tr.kernel
def reshape_ops(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    i, j = z.index
    t = x.load_tile((16, 8), (j, i))
    tt = tl.transpose(t)
    pp = tl.permute(t, (1, 0))
    rr = tl.reshape(tl.reshape(tt, (128,)), (8, 16))
    z.store(tt + 2.0 * pp + 3.0 * rr)


@tr.kernel
def small_matmul(c: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    i, j = c.index
    bm, bn = c.tile_shape
    c.store(tl.matmul(a.load_tile((bm, 32), (i, 0)), b.load_tile((32, bn), (0, j))))


@tr.kernel
def shout(z: Mutable[Tensor[f32]]) -> None:
    t = z.load()
    if tl.bid(0) == 0:
        tl.printf("block %d\n", tl.bid(0))
    z.store(t + 1.0)


@tr.kernel
def more_math(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, z)
    out = tl.tan(t * 0.3) + tl.sinh(t) - tl.cosh(t * 0.5) + tl.log2(tl.abs(t) + 1.0)
    out = out + tl.floor(t * 4.0) - tl.ceil(t * 3.0) + tl.atan2(t, t * 0.5 - 0.25)
    out = out + tl.pow(tl.abs(t) + 0.5, t) + tl.where(tl.isnan(tl.log(t)), 100.0, 0.0)
    z.store(out)


@tr.kernel
def arg_reduce(z: Mutable[Tensor[i32]], x: Shared[Tensor[f32]], bc: Const[int]) -> None:
    i = z.index[0]
    r = x.load_tile((1, bc), (i, 0))
    hi = tl.argmax(r, axis=1, keepdims=True)
    lo = tl.argmin(r, 1, keepdims=True)
    flat = tl.reshape(tl.argmax(r), (1, 1))
    kept = tl.argmin(r, None, keepdims=True)
    z.store(tl.cat((tl.cat((hi, lo), axis=1), tl.cat((flat, kept), axis=1)), axis=1))


@tr.kernel
def scans(a: Mutable[Tensor[f32]], b: Mutable[Tensor[i32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, a)
    up = tl.cumsum(t, 1) + tl.cumprod(1.0 + t * 0.01, axis=0, reverse=True)
    a.store(up + tl.cumsum(t))
    counts = tl.astype(t * 10.0, tl.i32)
    b.store(tl.cumsum(counts, axis=1, reverse=True) + tl.cumprod(tl.astype(t > 0.0, tl.i32), 1))


HALF = 8  # a module constant as a slice bound


@tr.kernel
def sub_tiles(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], bc: Const[int]) -> None:
    """Halves and quarters of a (4, 16) tile, by ``tl.extract`` and by constant slices."""
    t = tl.load_tile_like(x, z)
    lo = t[:, 0:HALF]
    hi = tl.extract(t, (0, 1), (4, 8))
    quarter = t[0:2, bc : 2 * bc]
    rows = tl.extract(t, index=(1, 0), shape=(2, 16))
    mixed = tl.cat((hi - lo, lo * 2.0), axis=1) + rows[0:1, :]
    z.store(mixed + tl.sum(quarter) + tl.reshape(t[None, 2:4, 0:16], (2, 16))[0:1, :])


@tr.kernel
def package_lang(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    """The language reached through the package (``tr.lang.*``), as ``tl.*``."""
    z.store(tr.lang.exp(tr.lang.load_tile_like(x, z)) * 2.0)

"""Elementwise and indexing kernels of a transformer: RoPE, the SwiGLU gate
(``silu_and_mul``), dropout, embedding lookup and row argmax."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here,
# and a Const[int] used as an int takes an ignore.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import math
from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor
from tilert.kernels._common import (
    LOG2E,
    I,
    T,
    choose,
    float_dtype,
    int_dtype,
    pow2,
    rank,
    shape,
    specialize,
    writes,
)
from tilert.ops import Op


# -- RoPE -------------------------------------------------------------------------------------
def rope_halves(
    out: Mutable[Tensor[T]], x: Shared[Tensor[T]], pos: Shared[Tensor[I]], log2_theta: float
) -> None:
    """A power-of-two head_dim: the two halves are aligned tiles."""
    s, h, _ = out.index
    bs, bh, d = out.tile_shape
    half = d // 2
    x1 = tl.astype(x.load_tile((bs, bh, half), (s, h, 0)), tl.f32)
    x2 = tl.astype(x.load_tile((bs, bh, half), (s, h, 1)), tl.f32)
    p = tl.reshape(tl.astype(pos.load_tile((bs,), (s,)), tl.f32), (bs, 1, 1))
    j = tl.astype(tl.arange(half, dtype=tl.i32), tl.f32)
    inv = tl.reshape(tl.exp2(j * (-2.0 / d) * log2_theta), (1, 1, half))
    c = tl.cos(p * inv)
    sn = tl.sin(p * inv)
    out.store(tl.cat([x1 * c - x2 * sn, x2 * c + x1 * sn], axis=2))


def rope_gather(
    out: Mutable[Tensor[T]],
    x: Shared[Tensor[T]],
    pos: Shared[Tensor[I]],
    log2_theta: float,
    head_dim: int,
) -> None:
    """Any even head_dim: each column's partner (``c +- head_dim/2``) is gathered."""
    s, h, _ = out.index
    bs, bh, dp = out.tile_shape
    half = head_dim // 2
    col = tl.reshape(tl.arange(dp, dtype=tl.i32), (1, 1, dp))
    first = col < half
    partner = tl.where(first, col + half, col - half)
    rows = tl.reshape(tl.arange(bs, dtype=tl.i32) + s * bs, (bs, 1, 1))
    heads = tl.reshape(tl.arange(bh, dtype=tl.i32) + h * bh, (1, bh, 1))
    other = tl.astype(tl.gather(x, (rows, heads, partner), mask=col < head_dim), tl.f32)
    own = tl.astype(tl.load_tile_like(x, out), tl.f32)
    j = tl.astype(tl.where(first, col, col - half), tl.f32)
    p = tl.reshape(tl.astype(pos.load_tile((bs,), (s,)), tl.f32), (bs, 1, 1))
    angle = p * tl.exp2(j * (-2.0 / head_dim) * log2_theta)
    sign = tl.where(first, -1.0, 1.0)
    out.store(own * tl.cos(angle) + sign * other * tl.sin(angle))


@writes("out")
def rope(out: Tensor[Any], x: Tensor[Any], positions: Tensor[Any], theta: float = 10000.0) -> Op:
    """Rotary position embedding, "rotate half" as Qwen and Llama: ``x, out: [seq, heads,
    head_dim]`` (f16, bf16 or f32, one dtype; head_dim even), ``positions: [seq]`` (i32 or
    i64). With ``angle[s, j] = positions[s] * theta**(-2j/head_dim)`` for ``j <
    head_dim/2``: ``out[..., :h/2] = x1*cos - x2*sin``, ``out[..., h/2:] = x2*cos + x1*sin``
    (``x1, x2`` the halves of ``x``); angles and products in f32."""
    dt = float_dtype("rope", out, x)
    seq, heads, d = rank("rope", x, 3)
    shape("rope out", out, (seq, heads, d))
    shape("rope positions", positions, (seq,))
    it = int_dtype("rope positions", positions)
    if d % 2:
        raise ValueError(f"rope: head_dim must be even, got {d}")
    dp = pow2(d)
    bh = max(1, min(pow2(heads), 4096 // dp))
    log2_theta = math.log2(theta)
    if dp == d:
        k = specialize(rope_halves, T=dt, I=it)
        return k(out.partition((1, bh, d)), x, positions, log2_theta)
    k = specialize(rope_gather, T=dt, I=it)
    return k(out.partition((1, bh, dp)), x, positions, log2_theta, d)


# -- SwiGLU gate ------------------------------------------------------------------------------
def silu_mul_aligned(out: Mutable[Tensor[T]], gate_up: Shared[Tensor[T]]) -> None:
    i, j = out.index
    bm, bn = out.tile_shape
    g = tl.astype(gate_up.load_tile((bm, bn), (i, j)), tl.f32)
    u = tl.astype(gate_up.load_tile((bm, bn), (i, j + out.shape[1] // bn)), tl.f32)
    out.store(g / (1.0 + tl.exp2(-LOG2E * g)) * u)


def silu_mul_gather(out: Mutable[Tensor[T]], gate_up: Shared[Tensor[T]]) -> None:
    i, j = out.index
    bm, bn = out.tile_shape
    n = out.shape[1]
    rows = tl.expand_dims(tl.arange(bm, dtype=tl.i32) + i * bm, 1)
    cols = tl.expand_dims(tl.arange(bn, dtype=tl.i32) + j * bn, 0)
    g = tl.astype(gate_up.load_tile((bm, bn), (i, j)), tl.f32)
    u = tl.astype(tl.gather(gate_up, (rows, cols + n), mask=cols < n), tl.f32)
    out.store(g / (1.0 + tl.exp2(-LOG2E * g)) * u)


SILU_CONFIGS = [tr.Config(bm=4, bn=1024), tr.Config(bm=16, bn=256), tr.Config(bm=1, bn=4096)]


@tr.autotune(configs=SILU_CONFIGS, key=["out", "gate_up"])
def _silu_and_mul(cfg: tr.Config, out: Tensor[Any], gate_up: Tensor[Any]) -> Op:
    rows, n = out.shape
    bn = min(cfg.bn, pow2(n))
    bm = min(cfg.bm * (cfg.bn // bn), pow2(rows))
    fn = silu_mul_aligned if n % bn == 0 else silu_mul_gather
    return specialize(fn, T=out.dtype)(out.partition((bm, bn)), gate_up)


@writes("out")
def silu_and_mul(out: Tensor[Any], gate_up: Tensor[Any], *, config: tr.Config | None = None) -> Op:
    """The SwiGLU gate: ``gate_up: [rows, 2n]`` -> ``out: [rows, n]``, ``out = silu(g) * u``
    with ``g, u`` the first and second halves of each row (``silu(g) = g * sigmoid(g)``), f16,
    bf16 or f32 (one dtype), computed in f32."""
    float_dtype("silu_and_mul", out, gate_up)
    rows, n2 = rank("silu_and_mul", gate_up, 2)
    if n2 % 2:
        raise ValueError(f"silu_and_mul: gate_up's last axis must be even, got {n2}")
    shape("silu_and_mul out", out, (rows, n2 // 2))
    return choose(_silu_and_mul, config, out, gate_up)


# -- dropout ----------------------------------------------------------------------------------
def dropout_kernel(out: Mutable[Tensor[T]], x: Shared[Tensor[T]], p: float, seed: int) -> None:
    i = out.index[0]
    n = out.tile_shape[0]
    offsets = tl.arange(n, dtype=tl.i32) + i * n
    keep = tl.rand(seed, offsets) >= p
    scale = tl.where(p < 1.0, 1.0 / (1.0 - p), 0.0)
    out.store(tl.where(keep, tl.astype(tl.load_tile_like(x, out), tl.f32) * scale, 0.0))


@writes("out")
def dropout(out: Tensor[Any], x: Tensor[Any], p: float, seed: int) -> Op:
    """Inverted dropout: each element is zeroed with probability ``p``, kept ones scaled by
    ``1/(1-p)``. ``x, out``: any shape (contiguous), f16, bf16 or f32 (one dtype). The mask is
    ``tl.rand(seed, i) >= p`` for flat element index ``i`` (Philox, as Triton's): the same
    ``seed`` gives the same mask on every backend. ``seed``: 0 to 2**32-1."""
    dt = float_dtype("dropout", out, x)
    if tuple(out.shape) != tuple(x.shape):
        raise ValueError(f"dropout: out {out.describe()} and x {x.describe()} differ in shape")
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout: p must be in [0, 1], got {p}")
    if not 0 <= seed < 2**31:
        raise ValueError(f"dropout: seed must be in [0, 2**31), got {seed}")
    n = math.prod(x.shape)
    flat_out, flat_x = out.reshape(n), x.reshape(n)
    k = specialize(dropout_kernel, T=dt)
    return k(flat_out.partition((min(4096, pow2(n)),)), flat_x, float(p), seed)


# -- embedding --------------------------------------------------------------------------------
def embedding_kernel(
    out: Mutable[Tensor[T]], table: Shared[Tensor[T]], ids: Shared[Tensor[I]]
) -> None:
    i, j = out.index
    bn, bd = out.tile_shape
    rows = tl.expand_dims(tl.astype(ids.load_tile((bn,), (i,)), tl.i32), 1)
    cols = tl.expand_dims(tl.arange(bd, dtype=tl.i32) + j * bd, 0)
    out.store(tl.gather(table, (rows, cols)))


@writes("out")
def embedding(out: Tensor[Any], table: Tensor[Any], ids: Tensor[Any]) -> Op:
    """``out[i] = table[ids[i]]``: ``table: [V, D]`` (f16, bf16 or f32), ``ids: [n]`` (i32
    or i64), ``out: [n, D]`` of ``table``'s dtype. An id outside ``[0, V)`` gives a row of
    zeros (the gather's bounds check)."""
    dt = float_dtype("embedding", out, table)
    _, d = rank("embedding", table, 2)
    (n,) = rank("embedding ids", ids, 1)
    it = int_dtype("embedding ids", ids)
    shape("embedding out", out, (n, d))
    bd = min(pow2(d), 1024)
    bn = max(1, min(pow2(n), 4096 // bd))
    k = specialize(embedding_kernel, T=dt, I=it).with_options(dependent_launch=True)
    return k(out.partition((bn, bd)), table, ids)


# -- argmax -----------------------------------------------------------------------------------
def argmax_kernel(out: Mutable[Tensor[I]], x: Shared[Tensor[T]], bc: Const[int]) -> None:
    i = out.index[0]
    bm = out.tile_shape[0]
    cols = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0)  # type: ignore[arg-type]
    best = tl.full((bm,), float("-inf"), tl.f32)
    where = tl.zeros((bm,), tl.i32)
    for c in range(tl.cdiv(x.shape[1], bc)):
        t = tl.astype(x.load_tile((bm, bc), (i, c)), tl.f32)
        valid = (cols + c * bc < x.shape[1]) & ~tl.isnan(t)  # type: ignore[operator]
        t = tl.where(valid, t, float("-inf"))
        m = tl.max(t, axis=1)
        better = m > best  # strictly: ties keep the earlier chunk's (first) index
        where = tl.where(better, tl.argmax(t, axis=1) + c * bc, where)  # type: ignore[operator]
        best = tl.where(better, m, best)
    out.store(where)


@writes("out")
def argmax(out: Tensor[Any], x: Tensor[Any]) -> Op:
    """``out[r] = argmax(x[r, :])``: ``x: [rows, cols]`` (f16, bf16 or f32), ``out: [rows]``
    (i32 or i64). Ties give the first index; NaN counts as the smallest value (a row of NaN
    gives 0), unlike numpy."""
    dt = float_dtype("argmax", x)
    rows, cols = rank("argmax", x, 2)
    shape("argmax out", out, (rows,))
    it = int_dtype("argmax out", out)
    bc = min(pow2(cols), 2048)
    bm = max(1, min(pow2(rows), 4096 // bc))
    return specialize(argmax_kernel, T=dt, I=it)(out.partition((bm,)), x, bc)

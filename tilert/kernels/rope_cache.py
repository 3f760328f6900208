"""A decoder's attention inputs in one launch: per-head RMSNorm of q and k (Qwen3's q_norm and
k_norm), rotary embedding ("rotate half"), and the write of k and v into the KV cache, read
from the fused projection ``qkv`` (q heads, then k heads, then v heads). Separate kernels would
write q and k back to memory and read them twice more.

``qk_norm_rope_cache`` serves a token step captured in a ``tr.graph()`` and replayed: the
position is read on the device (``position: [1]``), and the cache row it selects is written
by the kernel's one unsafe store (see ``norm_rope_cache``). ``qk_norm_rope`` serves a prompt:
its cache rows are a slice known when the op is made, written tile by tile, all safe.

The kernels here are written once for ``T = f32`` and ``I = i32`` (imported under those names,
so ``norm_rope_cache`` is a real ``@tr.kernel(unsafe=True)`` that tilecheck and the runtime check
as written: the runtime reads ``unsafe`` from the decorator in the source) and specialized per
dtype by ``_common.specialize``, which rebinds ``T`` and ``I`` as it does for the library's
generic kernels."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import math
from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor
from tilert import f32 as T  # rebound per dtype by specialize (see the module's docstring)
from tilert import i32 as I  # the position's dtype, rebound likewise
from tilert.kernels._common import float_dtype, int_dtype, pow2, rank, shape, specialize, writes
from tilert.ops import Op


@tr.function
def norm_rope(
    x: tl.Tile[tl.f32],
    partner: tl.Tile[tl.f32],
    w: tl.Tile[tl.f32],
    w_partner: tl.Tile[tl.f32],
    cos: tl.Tile[tl.f32],
    sin: tl.Tile[tl.f32],
    eps: float,
    head_dim: int,
) -> tl.Tile[tl.f32]:
    """Rows of heads ``x`` RMS-normalized with weight ``w``, then rotated: ``partner`` holds
    each column's rotation partner (``c +- head_dim/2``, with its weight ``w_partner``) and
    ``sin`` is negated on the first half, so ``x*cos + partner*sin`` is "rotate half"."""
    rstd = tl.rsqrt(tl.sum(x * x, axis=1, keepdims=True) / head_dim + eps)
    return x * rstd * w * cos + partner * rstd * w_partner * sin


@tr.function
def rotation(
    p: tl.Tile[tl.f32], col: tl.Tile[tl.i32], log2_theta: float, head_dim: int
) -> tuple[tl.Tile[tl.i32], tl.Tile[tl.f32], tl.Tile[tl.f32]]:
    """For each column ``col`` of a head: its rotation partner (``col +- head_dim/2``), and
    the cos and sin (negated on the first half) of ``p * theta**(-2j/head_dim)``, ``j`` the
    column's index within its half."""
    half = head_dim // 2
    first = col < half
    j = tl.where(first, col, col - half)
    angle = p * tl.exp2(tl.astype(j, tl.f32) * (-2.0 / head_dim) * log2_theta)
    return tl.where(first, col + half, j), tl.cos(angle), tl.where(first, -1.0, 1.0) * tl.sin(angle)


@tr.kernel(unsafe=True)
def norm_rope_cache(
    q_out: Mutable[Tensor[T]],
    k_cache: Mutable[Tensor[T]],
    v_cache: Mutable[Tensor[T]],
    qkv: Shared[Tensor[T]],
    q_w: Shared[Tensor[T]],
    k_w: Shared[Tensor[T]],
    position: Shared[Tensor[I]],
    eps: float,
    log2_theta: float,
    group: int,
) -> None:
    """Block ``kvh`` (a KV head): its ``group`` query heads into its tile of ``q_out:
    [kv_heads, 1, group * head_dim]``, its k and v into row ``position`` of the caches.

    Why unsafe: the caches are partitioned one head per block (tiles of ``(1, max_seq,
    head_dim)``), so the row each block writes lies in its own tile and no two blocks write
    one element; but ``store`` writes a whole tile, and which row is known only on the device,
    so the row goes through ``tl.unsafe.store`` (the interpreter checks it for races)."""
    kvh = q_out.index[0]
    head_dim = k_cache.tile_shape[2]
    gp = q_out.tile_shape[2] // head_dim
    kv_heads = k_cache.shape[0]
    p = tl.astype(tl.gather(position, 0), tl.i32)
    col = tl.expand_dims(tl.arange(head_dim, dtype=tl.i32), 0)
    partner, cos, sin = rotation(tl.astype(p, tl.f32), col, log2_theta, head_dim)
    row = tl.expand_dims(tl.arange(gp, dtype=tl.i32), 1)
    qcol = (kvh * group + row) * head_dim
    xq = tl.astype(tl.gather(qkv, qcol + col, mask=row < group), tl.f32)
    xq_p = tl.astype(tl.gather(qkv, qcol + partner, mask=row < group), tl.f32)
    wq = tl.astype(tl.gather(q_w, col), tl.f32)
    wq_p = tl.astype(tl.gather(q_w, partner), tl.f32)
    q = norm_rope(xq, xq_p, wq, wq_p, cos, sin, eps, head_dim)
    q_out.store(tl.reshape(q, (1, 1, gp * head_dim)))
    kcol = (group * kv_heads + kvh) * head_dim
    xk = tl.astype(tl.gather(qkv, kcol + col), tl.f32)
    xk_p = tl.astype(tl.gather(qkv, kcol + partner), tl.f32)
    wk = tl.astype(tl.gather(k_w, col), tl.f32)
    wk_p = tl.astype(tl.gather(k_w, partner), tl.f32)
    k = norm_rope(xk, xk_p, wk, wk_p, cos, sin, eps, head_dim)
    v = tl.gather(qkv, kcol + kv_heads * head_dim + col)
    tl.unsafe.store(k_cache, (kvh, p, 0), tl.reshape(k, (1, 1, head_dim)))
    tl.unsafe.store(v_cache, (kvh, p, 0), tl.reshape(v, (1, 1, head_dim)))


def norm_rope_rows(
    q_out: Mutable[Tensor[T]],
    k_out: Mutable[Tensor[T]],
    v_out: Mutable[Tensor[T]],
    qkv: Shared[Tensor[T]],
    q_w: Shared[Tensor[T]],
    k_w: Shared[Tensor[T]],
    positions: Shared[Tensor[I]],
    eps: float,
    log2_theta: float,
    group: int,
) -> None:
    """Block ``(t, kvh)``: row ``t``'s query heads of KV head ``kvh`` into its tile of
    ``q_out: [rows, kv_heads, group * head_dim]``, its k and v into its tiles of ``k_out,
    v_out: [rows, kv_heads, head_dim]``."""
    t, kvh, _ = q_out.index
    head_dim = k_out.tile_shape[2]
    gp = q_out.tile_shape[2] // head_dim
    kv_heads = k_out.shape[1]
    col = tl.expand_dims(tl.arange(head_dim, dtype=tl.i32), 0)
    p = tl.astype(tl.gather(positions, t), tl.f32)
    partner, cos, sin = rotation(p, col, log2_theta, head_dim)
    row = tl.expand_dims(tl.arange(gp, dtype=tl.i32), 1)
    qcol = (kvh * group + row) * head_dim
    xq = tl.astype(tl.gather(qkv, (t, qcol + col), mask=row < group), tl.f32)
    xq_p = tl.astype(tl.gather(qkv, (t, qcol + partner), mask=row < group), tl.f32)
    wq = tl.astype(tl.gather(q_w, col), tl.f32)
    wq_p = tl.astype(tl.gather(q_w, partner), tl.f32)
    q = norm_rope(xq, xq_p, wq, wq_p, cos, sin, eps, head_dim)
    q_out.store(tl.reshape(q, (1, 1, gp * head_dim)))
    kcol = (group * kv_heads + kvh) * head_dim
    xk = tl.astype(tl.gather(qkv, (t, kcol + col)), tl.f32)
    xk_p = tl.astype(tl.gather(qkv, (t, kcol + partner)), tl.f32)
    wk = tl.astype(tl.gather(k_w, col), tl.f32)
    wk_p = tl.astype(tl.gather(k_w, partner), tl.f32)
    k = norm_rope(xk, xk_p, wk, wk_p, cos, sin, eps, head_dim)
    k_out.store(tl.reshape(k, (1, 1, head_dim)))
    v = tl.gather(qkv, (t, kcol + kv_heads * head_dim + col))
    v_out.store(tl.reshape(v, (1, 1, head_dim)))


def checked_heads(
    what: str,
    q_out: Tensor[Any],
    k: Tensor[Any],
    kv_heads: int,
    qkv: Tensor[Any],
    weights: tuple[Tensor[Any], Tensor[Any]],
    theta: float,
) -> tuple[int, int, float]:
    """(head_dim, query heads per KV head, log2 theta) once the heads, the projection, the
    norm weights and theta agree."""
    *lead, heads, d = q_out.shape
    if k.shape[-1] != d or heads % kv_heads:
        raise ValueError(
            f"{what}: q_out {q_out.describe()} and {k.describe()} need one head_dim and kv "
            "heads dividing the query heads"
        )
    if d < 2 or d & (d - 1):
        raise ValueError(f"{what}: head_dim must be a power of two, got {d}")
    for w in weights:
        shape(f"{what} norm weight", w, (d,))
    if theta <= 1.0:
        raise ValueError(f"{what}: theta must be > 1, got {theta}")
    shape(f"{what} qkv", qkv, (*lead, (heads + 2 * kv_heads) * d))
    return d, heads // kv_heads, math.log2(theta)


@writes("q_out", "k_cache", "v_cache")
def qk_norm_rope_cache(
    q_out: Tensor[Any],
    k_cache: Tensor[Any],
    v_cache: Tensor[Any],
    qkv: Tensor[Any],
    q_weight: Tensor[Any],
    k_weight: Tensor[Any],
    position: Tensor[Any],
    *,
    eps: float = 1e-6,
    theta: float = 1e6,
) -> Op:
    """One token's attention inputs from its projection ``qkv: [(heads + 2 kv_heads) *
    head_dim]``: ``q_out: [heads, head_dim]`` gets ``rope(rmsnorm(q) * q_weight)`` per head,
    and row ``position[0]`` of ``k_cache, v_cache: [kv_heads, max_seq, head_dim]`` gets
    ``rope(rmsnorm(k) * k_weight)`` and ``v``. RMSNorm over each head (``weight: [head_dim]``),
    RoPE with ``angle = position * theta**(-2j/head_dim)``, all in f32; head_dim a power of
    two. ``position: [1]`` (i32 or i64) is read on the device, so an op captured once serves
    every position; it must be below ``max_seq`` (a row past the cache is not written)."""
    dt = float_dtype("qk_norm_rope_cache", q_out, k_cache, v_cache, qkv, q_weight, k_weight)
    rank("qk_norm_rope_cache q_out", q_out, 2)
    kv_heads, max_seq, _ = rank("qk_norm_rope_cache k_cache", k_cache, 3)
    d, group, log2_theta = checked_heads(
        "qk_norm_rope_cache", q_out, k_cache, kv_heads, qkv, (q_weight, k_weight), theta
    )
    shape("qk_norm_rope_cache v_cache", v_cache, tuple(k_cache.shape))
    shape("qk_norm_rope_cache position", position, (1,))
    it = int_dtype("qk_norm_rope_cache position", position)
    kernel = specialize(norm_rope_cache.fn, T=dt, I=it, unsafe=True).with_options(
        dependent_launch=True  # a decode step's: its launch overlaps the GEMV before it
    )
    return kernel(
        q_out.reshape(kv_heads, 1, group * d).partition((1, 1, pow2(group) * d)),
        k_cache.partition((1, pow2(max_seq), d)),
        v_cache.partition((1, pow2(max_seq), d)),
        qkv,
        q_weight,
        k_weight,
        position,
        float(eps),
        log2_theta,
        group,
    )


@writes("q_out", "k_out", "v_out")
def qk_norm_rope(
    q_out: Tensor[Any],
    k_out: Tensor[Any],
    v_out: Tensor[Any],
    qkv: Tensor[Any],
    q_weight: Tensor[Any],
    k_weight: Tensor[Any],
    positions: Tensor[Any],
    *,
    eps: float = 1e-6,
    theta: float = 1e6,
) -> Op:
    """``qk_norm_rope_cache`` for ``rows`` tokens (a prompt): ``qkv: [rows, (heads + 2
    kv_heads) * head_dim]``, ``positions: [rows]`` (i32 or i64); ``q_out: [rows, heads,
    head_dim]``, ``k_out, v_out: [rows, kv_heads, head_dim]``, typically views of the cache
    rows being filled (``k_cache[:, :rows].permute(1, 0, 2)``)."""
    dt = float_dtype("qk_norm_rope", q_out, k_out, v_out, qkv, q_weight, k_weight)
    rows, _, _ = rank("qk_norm_rope q_out", q_out, 3)
    _, kv_heads, _ = rank("qk_norm_rope k_out", k_out, 3)
    d, group, log2_theta = checked_heads(
        "qk_norm_rope", q_out, k_out, kv_heads, qkv, (q_weight, k_weight), theta
    )
    shape("qk_norm_rope k_out", k_out, (rows, kv_heads, d))
    shape("qk_norm_rope v_out", v_out, (rows, kv_heads, d))
    shape("qk_norm_rope positions", positions, (rows,))
    it = int_dtype("qk_norm_rope positions", positions)
    kernel = specialize(norm_rope_rows, T=dt, I=it)
    return kernel(
        q_out.reshape(rows, kv_heads, group * d).partition((1, 1, pow2(group) * d)),
        k_out.partition((1, 1, d)),
        v_out.partition((1, 1, d)),
        qkv,
        q_weight,
        k_weight,
        positions,
        float(eps),
        log2_theta,
        group,
    )


__all__ = ["qk_norm_rope", "qk_norm_rope_cache"]

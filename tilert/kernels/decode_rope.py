"""A decode step's attention straight from the token's projection, in two launches: per-head
RMSNorm of q and k, RoPE, the cache append and flash-decoding's split in one kernel, then the
combine. It does what ``qk_norm_rope_cache`` followed by ``decode_attention_at`` does, one
launch fewer: measured in the Qwen3-4B step (H100, context 512) those two kernels took about
3 and 6 us a layer, mostly latency (a launch, then a chain of dependent loads), not bytes.

How it is cut: the caches are partitioned into tiles of ``split_len`` positions of one KV head
(``(1, split_len, head_dim)``), shared out among persistent blocks (two waves at most, so the
launch does not grow with the cache); each block owns its tiles and attends to the keys in
each below the length (``position + 1``, read on the device, so one op captured in a
``tr.graph()`` serves every position). Every block recomputes its query heads from ``qkv``
(a few hundred elements, cheaper than a round trip through memory) and the new key and value;
the block whose tile holds row ``position`` uses them in place of what its load read there and
writes them into the cache: the one store outside the block's own tile rule, hence the
kernel's ``unsafe`` (the row lies in the block's own tile, and only that block writes it).
A tile past the length is neither read nor worked on: its block stores an empty split's
log-sum-exp (-inf), and the combine skips it. (On the H100, a block per tile of a
4232-position cache, each doing its query heads first, cost ~50 us a layer at context 512.)"""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import math
from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor
from tilert import f32 as T  # rebound per dtype by specialize (rope_cache's convention)
from tilert import i32 as I  # the position's dtype, rebound likewise
from tilert.kernels._common import (
    LOG2E,
    float_dtype,
    int_dtype,
    pow2,
    rank,
    shape,
    specialize,
    takes_tensors,
    writes,
)
from tilert.kernels.flash import decode_combine
from tilert.kernels.rope_cache import checked_heads, norm_rope, rotation
from tilert.ops import Op

SPLIT_LEN = 64  # cache positions per block: one key tile


@tr.kernel(unsafe=True)
def rope_split_at(
    o_part: Mutable[Tensor[tr.f32]],
    lse_part: Mutable[Tensor[tr.f32]],
    k_cache: Mutable[Tensor[T]],
    v_cache: Mutable[Tensor[T]],
    qkv: Shared[Tensor[T]],
    q_w: Shared[Tensor[T]],
    k_w: Shared[Tensor[T]],
    position: Shared[Tensor[I]],
    eps: float,
    log2_theta: float,
    qk_scale: float,
    group: int,
) -> None:
    """For each of the block's tiles ``(kvh, split)``: the softmax-weighted values of that
    tile of the caches for the ``group`` query heads of KV head ``kvh`` (``o_part: [kv_heads,
    splits, gp * head_dim]``, their log2-sum-exp in ``lse_part: [kv_heads, splits, gp]``, as
    ``decode_combine`` reads them); the new key and value into row ``position`` when the tile
    holds it."""
    _, bn, head_dim = k_cache.tile_shape
    gp = lse_part.tile_shape[2]
    kv_heads = k_cache.shape[0]
    p = tl.astype(tl.gather(position, 0), tl.i32)
    for idx in o_part.tiles():
        kvh, split, _ = idx
        m = tl.full((gp, 1), float("-inf"), tl.f32)
        l_sum = tl.zeros((gp, 1), tl.f32)
        # a tile past the length does nothing but say so (a loop of no turn): a short context
        # in a long cache leaves most tiles so, and what a turn does first is latency-bound
        for _ in range(tl.where(split * bn <= p, 1, 0)):
            col = tl.expand_dims(tl.arange(head_dim, dtype=tl.i32), 0)
            partner, cos, sin = rotation(tl.astype(p, tl.f32), col, log2_theta, head_dim)
            # the query heads, normed and rotated as qk_norm_rope_cache writes them (in T)
            row = tl.expand_dims(tl.arange(gp, dtype=tl.i32), 1)
            qcol = (kvh * group + row) * head_dim
            xq = tl.astype(tl.gather(qkv, qcol + col, mask=row < group), tl.f32)
            xq_p = tl.astype(tl.gather(qkv, qcol + partner, mask=row < group), tl.f32)
            wq = tl.astype(tl.gather(q_w, col), tl.f32)
            wq_p = tl.astype(tl.gather(q_w, partner), tl.f32)
            q = tl.astype(norm_rope(xq, xq_p, wq, wq_p, cos, sin, eps, head_dim), k_cache.dtype)
            # the new key and value, written by the block whose tile holds row p
            kcol = (group * kv_heads + kvh) * head_dim
            xk = tl.astype(tl.gather(qkv, kcol + col), tl.f32)
            xk_p = tl.astype(tl.gather(qkv, kcol + partner), tl.f32)
            wk = tl.astype(tl.gather(k_w, col), tl.f32)
            wk_p = tl.astype(tl.gather(k_w, partner), tl.f32)
            k_new = norm_rope(xk, xk_p, wk, wk_p, cos, sin, eps, head_dim)
            k_new = tl.astype(k_new, k_cache.dtype)
            v_new = tl.astype(tl.gather(qkv, kcol + kv_heads * head_dim + col), k_cache.dtype)
            at = (col * 0 + kvh, col * 0 + p, col)  # row p of head kvh, [1, head_dim] indices
            owner = at[1] < split * bn + bn
            tl.unsafe.scatter(k_cache, at, k_new, mask=owner)
            tl.unsafe.scatter(v_cache, at, v_new, mask=owner)
            # one tile of flash-decoding, keys at or below the position, the new row in place
            # of what the cache held there
            keys = tl.expand_dims(tl.arange(bn, dtype=tl.i32), 1) + split * bn
            here = keys == p
            kt = tl.where(here, k_new, tl.reshape(k_cache.load(at=idx), (bn, head_dim)))
            vt = tl.where(here, v_new, tl.reshape(v_cache.load(at=idx), (bn, head_dim)))
            s = tl.mma(q, tl.transpose(kt), tl.zeros((gp, bn), tl.f32)) * qk_scale  # type: ignore[arg-type,unused-ignore]
            s = tl.where(tl.transpose(keys) <= p, s, float("-inf"))
            m = tl.max(s, axis=1, keepdims=True)
            pr = tl.exp2(s - m)
            l_sum = tl.sum(pr, axis=1, keepdims=True)
            acc = tl.mma(tl.astype(pr, k_cache.dtype), vt, tl.zeros((gp, head_dim), tl.f32))  # type: ignore[arg-type,unused-ignore]
            o_part.store(tl.reshape(acc / l_sum, (1, 1, gp * head_dim)), at=idx)
        # a tile with keys has l_sum >= 1 (its largest score counts exp2(0)); one without has
        # 0, and its m + log2(1) stays -inf: the combine reads no output of it
        lse_part.store(tl.reshape(m + tl.log2(tl.maximum(l_sum, 1.0)), (1, 1, gp)), at=idx)


def _layout(heads: int, k_cache: Tensor[Any], split_len: int) -> tuple[int, int, int]:
    """(positions per split, splits, padded query heads per KV head) for a cache."""
    kv_heads, max_seq, _ = k_cache.shape
    bn = min(pow2(split_len), max(16, pow2(max_seq)))
    return bn, -(-max_seq // bn), max(16, pow2(heads // kv_heads))


@takes_tensors
def rope_attention_workspace(
    out: Tensor[Any], k_cache: Tensor[Any], split_len: int = SPLIT_LEN
) -> tuple[Tensor[Any], Tensor[Any]]:
    """The f32 partial results ``qk_norm_rope_attention_at`` needs for ``out: [heads,
    head_dim]`` and this cache, made ahead: a ``tr.graph()`` capture refuses allocations."""
    heads, d = rank("rope_attention_workspace out", out, 2)
    kv_heads = rank("rope_attention_workspace k_cache", k_cache, 3)[0]
    _, splits, gp = _layout(heads, k_cache, split_len)
    return (
        tr.empty((kv_heads * splits, gp, d), dtype=tr.f32),
        tr.empty((kv_heads * splits, gp, 1), dtype=tr.f32),
    )


@writes("out", "k_cache", "v_cache", "workspace")
def qk_norm_rope_attention_at(
    out: Tensor[Any],
    k_cache: Tensor[Any],
    v_cache: Tensor[Any],
    qkv: Tensor[Any],
    q_weight: Tensor[Any],
    k_weight: Tensor[Any],
    position: Tensor[Any],
    *,
    eps: float = 1e-6,
    theta: float = 1e6,
    scale: float | None = None,
    split_len: int = SPLIT_LEN,
    workspace: tuple[Tensor[Any], Tensor[Any]] | None = None,
) -> Op:
    """One token's attention from its projection ``qkv: [(heads + 2 kv_heads) * head_dim]``:
    row ``position[0]`` of ``k_cache, v_cache: [kv_heads, max_seq, head_dim]`` gets
    ``rope(rmsnorm(k) * k_weight)`` and ``v`` (as ``qk_norm_rope_cache``), and ``out: [heads,
    head_dim]`` the attention of ``rope(rmsnorm(q) * q_weight)`` to the cache's first
    ``position[0] + 1`` rows (as ``decode_attention_at``; ``scale`` 1/sqrt(head_dim) by
    default). ``position: [1]`` (i32 or i64) is read on the device and must be below
    ``max_seq``. Two launches: persistent blocks sharing the tiles of (KV head, ``split_len``
    cache positions) out, then the combine. ``workspace``: from ``rope_attention_workspace``
    (needed inside a capture)."""
    what = "qk_norm_rope_attention_at"
    dt = float_dtype(what, out, k_cache, v_cache, qkv, q_weight, k_weight)
    heads, d = rank(f"{what} out", out, 2)
    kv_heads = rank(f"{what} k_cache", k_cache, 3)[0]
    d, group, log2_theta = checked_heads(
        what, out, k_cache, kv_heads, qkv, (q_weight, k_weight), theta
    )
    shape(f"{what} v_cache", v_cache, tuple(k_cache.shape))
    shape(f"{what} position", position, (1,))
    it = int_dtype(f"{what} position", position)
    bn, splits, gp = _layout(heads, k_cache, split_len)
    o_ws, lse_ws = workspace or rope_attention_workspace(out, k_cache, split_len)
    shape(f"{what} workspace", o_ws, (kv_heads * splits, gp, d))
    shape(f"{what} workspace", lse_ws, (kv_heads * splits, gp, 1))
    sc = (1.0 / math.sqrt(d) if scale is None else float(scale)) * LOG2E
    # dependent launches: a decode step's kernels are short, each launch overlaps the last
    split = specialize(rope_split_at.fn, T=dt, I=it, unsafe=True)
    comb = specialize(decode_combine, T=dt).with_options(dependent_launch=True)
    # persistent blocks, two waves at most, share the tiles out (a block per tile would launch
    # as many blocks as the cache has tiles, at any length)
    blocks = min(kv_heads * splits, 2 * tr.Device().sm_count)
    parts = (
        o_ws.reshape(kv_heads, splits, gp * d).partition((1, 1, gp * d)),
        lse_ws.reshape(kv_heads, splits, gp).partition((1, 1, gp)),
        k_cache.partition((1, bn, d)),
        v_cache.partition((1, bn, d)),
    )
    first: Op = split.with_options(dependent_launch=True)(
        *(part.mapped(blocks=blocks) for part in parts),
        qkv,
        q_weight,
        k_weight,
        position,
        float(eps),
        log2_theta,
        sc,
        group,
    )
    sp = pow2(splits)
    return first.then(lambda *_: comb(out.partition((1, d)), o_ws, lse_ws, splits, group, sp))


__all__ = ["qk_norm_rope_attention_at", "rope_attention_workspace"]

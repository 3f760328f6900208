"""Flash-decoding whose length is read on the device: the attention of a token step captured
once in a ``tr.graph()`` and replayed for every token. A replay launches what was captured with
the scalars it was captured with, so the length (``position + 1``) comes from a device tensor
that the step itself advances, and the number of splits is fixed by the cache's size (each
split takes an even share of the key tiles below the length; a split with none weighs 0 in the
combine). ``tilert.kernels.flash.decode_attention`` takes the length as a Python int instead."""

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
    chain_writes,
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
from tilert.ops import Op


def decode_split_at(
    o_part: Mutable[Tensor[tr.f32]],
    lse_part: Mutable[Tensor[tr.f32]],
    q: Shared[Tensor[T]],
    k: Shared[Tensor[T]],
    v: Shared[Tensor[T]],
    position: Shared[Tensor[I]],
    qk_scale: float,
    splits: int,
    group: int,
    bn: Const[int],
) -> None:
    """Block ``r = split * kv_heads + kv_head``: as ``flash.decode_split``, over the keys
    below ``length = position + 1``, read on the device. The key tiles are dealt out evenly,
    so a split may get none: it stores 0 and a log-sum-exp of -inf, which the combine weighs
    0 (the splits with keys come first, in the first wave of blocks)."""
    r, _, _ = o_part.index
    _, gp, dp = o_part.tile_shape
    kvh = r % k.shape[0]
    length = tl.astype(tl.gather(position, 0), tl.i32) + 1
    tiles = tl.cdiv(length, bn)
    per = tl.cdiv(tiles, splits)
    start = (r // k.shape[0]) * per
    count = tl.maximum(tl.minimum(tiles - start, per), 0)
    heads = tl.expand_dims(tl.arange(gp, dtype=tl.i32), 1)
    dims = tl.expand_dims(tl.arange(dp, dtype=tl.i32), 0)
    qt = tl.gather(q, (heads + kvh * group, dims), mask=heads < group)
    cols = tl.expand_dims(tl.arange(bn, dtype=tl.i32), 0)  # type: ignore[arg-type,unused-ignore]
    m = tl.full((gp, 1), float("-inf"), tl.f32)
    l_sum = tl.zeros((gp, 1), tl.f32)
    acc = tl.zeros((gp, dp), tl.f32)
    for j in range(count):
        kt = tl.reshape(k.load_tile((1, bn, dp), (kvh, start + j, 0)), (bn, dp))  # type: ignore[arg-type,unused-ignore]
        vt = tl.reshape(v.load_tile((1, bn, dp), (kvh, start + j, 0)), (bn, dp))  # type: ignore[arg-type,unused-ignore]
        s = tl.mma(qt, tl.transpose(kt), tl.zeros((gp, bn), tl.f32)) * qk_scale  # type: ignore[arg-type,unused-ignore]
        s = tl.where(cols + (start + j) * bn < length, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
        p = tl.exp2(s - m_new)
        alpha = tl.exp2(m - m_new)
        l_sum = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
        acc = tl.mma(tl.astype(p, q.dtype), vt, acc * alpha)
        m = m_new
    # a split with keys has l_sum >= 1 (its largest score counts exp2(0)); one without has 0
    # and divides 0 by 1, and its m + log2(1) stays -inf
    l_safe = tl.maximum(l_sum, 1.0)
    o_part.store(tl.reshape(acc / l_safe, (1, gp, dp)))
    lse_part.store(tl.reshape(m + tl.log2(l_safe), (1, gp, 1)))


def _splits_at(kv_heads: int, max_seq: int) -> tuple[int, int]:
    """(key tile, splits per KV head): a block an SM, at most 128 splits, and no more than
    the cache has key tiles. (Qwen3-4B on the H100, a 4232-position cache: 16 splits against
    33 (two blocks an SM), 279.5 against 277.1 tokens/s at context 512, 267.6 against 264.4 at
    4000; 8 and 4 splits lose at 4000.)"""
    bn = 64 if max_seq >= 64 else max(16, pow2(max_seq))
    want = max(1, tr.Device().sm_count // kv_heads)
    return bn, max(1, min(want, 128, -(-max_seq // bn)))


@takes_tensors
def decode_workspace_at(q: Tensor[Any], k_cache: Tensor[Any]) -> tuple[Tensor[Any], Tensor[Any]]:
    """The f32 partial-result tensors ``decode_attention_at`` needs for this cache, made
    ahead: a ``tr.graph()`` capture refuses allocations."""
    hq, d = rank("decode_workspace_at q", q, 2)
    hk, max_seq, _ = rank("decode_workspace_at k_cache", k_cache, 3)
    _, splits = _splits_at(hk, max_seq)
    gp = max(16, pow2(hq // hk))
    return (
        tr.empty((hk * splits, gp, d), dtype=tr.f32),
        tr.empty((hk * splits, gp, 1), dtype=tr.f32),
    )


@writes("out", "workspace")
def decode_attention_at(
    out: Tensor[Any],
    q: Tensor[Any],
    k_cache: Tensor[Any],
    v_cache: Tensor[Any],
    position: Tensor[Any],
    scale: float | None = None,
    *,
    workspace: tuple[Tensor[Any], Tensor[Any]] | None = None,
) -> Op:
    """``decode_attention`` over the first ``position[0] + 1`` rows of the caches, the length
    read on the device (``position: [1]``, i32 or i64, below ``max_seq``): the op a graph
    captures once serves every position. ``q, out: [q_heads, head_dim]``, ``k_cache,
    v_cache: [kv_heads, max_seq, head_dim]``. The splits are fixed by the cache's size (one
    block per KV head and split); each split takes an even share of the key tiles below the
    length, and a second kernel combines them. ``workspace``: from ``decode_workspace_at``
    (needed inside a capture)."""
    float_dtype("decode_attention_at", out, q, k_cache, v_cache)
    hq, d = rank("decode_attention_at q", q, 2)
    hk, max_seq, dk = rank("decode_attention_at k_cache", k_cache, 3)
    if dk != d or tuple(v_cache.shape) != tuple(k_cache.shape) or hq % hk:
        raise ValueError(
            f"decode_attention_at: q {q.describe()}, k {k_cache.describe()}, v {v_cache.describe()}"
        )
    shape("decode_attention_at out", out, (hq, d))
    shape("decode_attention_at position", position, (1,))
    it = int_dtype("decode_attention_at position", position)
    bn, splits = _splits_at(hk, max_seq)
    group, gp, dp = hq // hk, max(16, pow2(hq // hk)), pow2(d)
    o_ws, lse_ws = workspace if workspace is not None else decode_workspace_at(q, k_cache)
    shape("decode_attention_at workspace", o_ws, (hk * splits, gp, d))
    shape("decode_attention_at workspace", lse_ws, (hk * splits, gp, 1))
    sc = (1.0 / math.sqrt(d) if scale is None else float(scale)) * LOG2E
    # dependent launches (a decode step's kernels are short: each launch overlaps the last);
    # four blocks an SM: a short context in a long cache leaves most splits empty, and with
    # the compiler's default occupancy the empty blocks queued behind the busy ones (Qwen3-4B
    # at context 512 in a 4232-position cache, H100: 261 -> 272 tokens/s, 648 positions: 274
    # -> 278; benchmarks/gpu_probe_qwen3_cache.py)
    part = specialize(decode_split_at, T=q.dtype, I=it).with_options(
        dependent_launch=True, occupancy=4
    )
    comb = specialize(decode_combine, T=q.dtype).with_options(dependent_launch=True)
    first: Op = part(
        o_ws.partition((1, gp, dp)),
        lse_ws.partition((1, gp, 1)),
        q,
        k_cache,
        v_cache,
        position,
        sc,
        splits,
        group,
        bn,
    )
    sp = pow2(splits)
    chain = first.then(lambda *_: comb(out.partition((1, dp)), o_ws, lse_ws, splits, group, sp))
    return chain_writes(chain, out)


__all__ = ["decode_attention_at", "decode_workspace_at"]

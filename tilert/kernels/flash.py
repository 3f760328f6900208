"""Attention: flash attention for prefill (``[batch, heads, seq, head_dim]``, grouped-query
heads, causal or not) and flash-decoding for one query per head against a KV cache (the
sequence split across blocks, then a second kernel combining the splits).

Both keep the online softmax in f32 (running max ``m``, denominator ``l``, accumulator) and
take scores in base 2 (``exp2`` of ``s * scale * log2(e)``); products run on ``tl.mma``.
A config's ``variant`` picks another prefill body (``ATTENTION_VARIANTS``,
``flash_variants.py``: the scale folded into the exponent, unmasked full key tiles,
persistent blocks, load latency hints)."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here,
# and a Const[int] used as an int takes an ignore.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor
from tilert.kernels import flash_variants as fv
from tilert.kernels._common import (
    LOG2E,
    T,
    chain_writes,
    choose,
    float_dtype,
    pow2,
    rank,
    specialize,
    takes_tensors,
    writes,
)
from tilert.ops import Op


# -- prefill ----------------------------------------------------------------------------------
def flash_attention(
    out: Mutable[Tensor[T]],
    q: Shared[Tensor[T]],
    k: Shared[Tensor[T]],
    v: Shared[Tensor[T]],
    qk_scale: float,
    heads: int,
    kv_heads: int,
    bn: Const[int],
    causal: Const[bool],
) -> None:
    """One block per (batch x head, query tile); ``out, q: [batch*heads, seq, d]``,
    ``k, v: [batch*kv_heads, seq_k, d]``."""
    bh, i, _ = out.index
    _, bm, dp = out.tile_shape
    kvh = (bh // heads) * kv_heads + (bh % heads) // (heads // kv_heads)
    seq_k = k.shape[1]
    qt = tl.reshape(q.load_tile((1, bm, dp), (bh, i, 0)), (bm, dp))
    rows = tl.expand_dims(tl.arange(bm, dtype=tl.i32) + i * bm, 1)
    cols = tl.expand_dims(tl.arange(bn, dtype=tl.i32), 0)  # type: ignore[arg-type]
    m = tl.full((bm, 1), float("-inf"), tl.f32)
    l_sum = tl.zeros((bm, 1), tl.f32)
    acc = tl.zeros((bm, dp), tl.f32)
    n_tiles = tl.cdiv(seq_k, bn)
    if causal:  # key tiles past the query tile's last row see nothing
        n_tiles = tl.minimum(n_tiles, tl.cdiv((i + 1) * bm, bn))
    for j in range(n_tiles):
        kt = tl.reshape(k.load_tile((1, bn, dp), (kvh, j, 0)), (bn, dp))  # type: ignore[arg-type]
        vt = tl.reshape(v.load_tile((1, bn, dp), (kvh, j, 0)), (bn, dp))  # type: ignore[arg-type]
        s = tl.mma(qt, tl.transpose(kt), tl.zeros((bm, bn), tl.f32)) * qk_scale  # type: ignore[arg-type]
        key = cols + j * bn  # type: ignore[operator]
        valid = key < seq_k
        if causal:
            valid = valid & (key <= rows)
        s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
        p = tl.exp2(s - m_new)
        alpha = tl.exp2(m - m_new)
        l_sum = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
        acc = tl.mma(tl.astype(p, q.dtype), vt, acc * alpha)
        m = m_new
    out.store(tl.reshape(acc / l_sum, (1, bm, dp)))


# Chosen from benchmarks/gpu_probe_rows.py on the H100 (f16, 32 heads, seq 4096, head_dim
# 128; results/2026-11-26-h100-rows-probe-17f3471.json): the persistent body with the scale
# folded into exp2, 128x128 tiles and 8 worker warps (two consumer warp groups: no spill where
# 4 warps spill) ran at 0.91 of torch's SDPA, 0.95 causal (the best of the three configs
# before: 0.69, 0.58). The others cover other shapes; the tuner picks per shape.
ATTENTION_CONFIGS = [
    tr.Config(variant="persistent", bm=128, bn=128, occupancy=1, num_worker_warps=8),
    tr.Config(variant="fold", bm=128, bn=128, occupancy=1, num_worker_warps=8),
    tr.Config(variant="fold", bm=128, bn=64, occupancy=2),
    tr.Config(variant="persistent", bm=64, bn=64, occupancy=2, waves=2),
    tr.Config(bm=128, bn=64, occupancy=1),
    tr.Config(bm=64, bn=64, occupancy=2),
]


@dataclass(frozen=True)
class AttentionVariant:
    """A config's ``variant`` of flash attention: its body (``flash_variants.py``), whether
    that takes the K/V loads' latency hint last (the config's ``latency``) and whether it is
    persistent (``waves`` x the SM count blocks walk the tiles); ``folds`` says it keeps
    scores unscaled (a positive scale only: the host takes ``base`` for another)."""

    body: Callable[..., None]
    hinted: bool = False
    persistent: bool = False
    folds: bool = True


ATTENTION_VARIANTS: dict[str, AttentionVariant] = {
    "base": AttentionVariant(flash_attention, folds=False),
    "fold": AttentionVariant(fv.flash_attention_fold),
    "fold_lat": AttentionVariant(fv.flash_attention_fold_lat, hinted=True),
    "persistent": AttentionVariant(fv.flash_attention_persistent, persistent=True),
}


@tr.autotune(configs=ATTENTION_CONFIGS, key=["out", "q", "k", "causal"])
def _attention(
    cfg: tr.Config,
    out: Tensor[Any],
    q: Tensor[Any],
    k: Tensor[Any],
    v: Tensor[Any],
    causal: bool,
    scale: float,
) -> Op:
    """One config's launch. Its values: ``bm``, ``bn`` (query and key tile rows), and
    optionally ``variant`` (a key of ``ATTENTION_VARIANTS``, default ``base``),
    ``occupancy``, ``num_ctas``, ``num_worker_warps`` (cuTile's), ``latency`` (a hinted
    variant's), ``waves`` (a persistent one's blocks per SM, default 1)."""
    values = cfg.as_dict()
    name = values.get("variant", "base")
    if name not in ATTENTION_VARIANTS:
        raise ValueError(f"{cfg}: variant {name!r} is not one of {', '.join(ATTENTION_VARIANTS)}")
    variant = ATTENTION_VARIANTS[name]
    if variant.folds and scale <= 0:
        variant = ATTENTION_VARIANTS["base"]
    b, h, s, d = q.shape
    hk, sk = k.shape[1], k.shape[2]
    dp = pow2(d)
    bm = min(cfg.bm, max(16, pow2(s)))
    bn = min(cfg.bn, max(16, pow2(sk)))
    options = {
        key: int(values[key])
        for key in ("occupancy", "num_ctas", "num_worker_warps")
        if values.get(key) is not None
    }
    fn = specialize(variant.body, T=q.dtype).with_options(**options)
    part = out.reshape(b * h, s, d).partition((1, bm, dp))
    if variant.persistent:
        blocks = int(values.get("waves", 1)) * tr.Device().sm_count
        part = part.mapped(blocks=max(1, min(blocks, part.num_tiles)))
    hint: tuple[int, ...] = ()
    if variant.hinted:
        if values.get("latency") is None:
            raise ValueError(f"{cfg}: variant {name!r} takes a `latency` hint (1 to 10)")
        hint = (int(values["latency"]),)
    return fn(
        part,
        q.reshape(b * h, s, d),
        k.reshape(b * hk, sk, d),
        v.reshape(b * hk, sk, d),
        scale * LOG2E,
        h,
        hk,
        bn,
        causal,
        *hint,
    )


@writes("out")
def attention(
    out: Tensor[Any],
    q: Tensor[Any],
    k: Tensor[Any],
    v: Tensor[Any],
    causal: bool = False,
    scale: float | None = None,
    *,
    config: tr.Config | None = None,
) -> Op:
    """``out = softmax(q @ k^T * scale) @ v`` per batch and head (flash attention).
    ``q, out: [batch, heads, seq, head_dim]``; ``k, v: [batch, kv_heads, seq_k, head_dim]``
    with ``kv_heads`` dividing ``heads`` (grouped-query attention: query head ``h`` reads KV
    head ``h // (heads // kv_heads)``); f16, bf16 or f32 (one dtype), contiguous. ``scale``:
    ``1/sqrt(head_dim)`` by default. ``causal``: query ``i`` sees keys ``j <= i`` (top-left
    aligned, as torch's ``is_causal``). ``config``: one of ``ATTENTION_CONFIGS`` instead of the
    tuned one, or any ``tr.Config`` of the values ``_attention`` reads (``variant``...)."""
    float_dtype("attention", out, q, k, v)
    b, h, _, d = rank("attention q", q, 4)
    bk, hk, _, dk = rank("attention k", k, 4)
    if (bk, dk) != (b, d) or tuple(v.shape) != tuple(k.shape):
        raise ValueError(f"attention: q {q.describe()}, k {k.describe()}, v {v.describe()}")
    if h % hk:
        raise ValueError(f"attention: kv heads ({hk}) must divide query heads ({h})")
    if tuple(out.shape) != tuple(q.shape):
        raise ValueError(f"attention: out {out.describe()} must have q's shape")
    sc = 1.0 / math.sqrt(d) if scale is None else float(scale)
    return choose(_attention, config, out, q, k, v, bool(causal), sc)


# -- decode -----------------------------------------------------------------------------------
def decode_split(
    o_part: Mutable[Tensor[tr.f32]],
    lse_part: Mutable[Tensor[tr.f32]],
    q: Shared[Tensor[T]],
    k: Shared[Tensor[T]],
    v: Shared[Tensor[T]],
    qk_scale: float,
    length: int,
    split_len: int,
    group: int,
    bn: Const[int],
) -> None:
    """Block ``r = split * kv_heads + kv_head`` (split-major: see ``decode_combine``): the
    ``group`` query heads of one KV head against keys ``[split * split_len, ...)`` below
    ``length``; writes the normalized partial output and its log-sum-exp (base 2)."""
    r, _, _ = o_part.index
    _, gp, dp = o_part.tile_shape
    kvh = r % k.shape[0]
    start = (r // k.shape[0]) * split_len
    heads = tl.expand_dims(tl.arange(gp, dtype=tl.i32), 1)
    dims = tl.expand_dims(tl.arange(dp, dtype=tl.i32), 0)
    qt = tl.gather(q, (heads + kvh * group, dims), mask=heads < group)
    cols = tl.expand_dims(tl.arange(bn, dtype=tl.i32), 0)  # type: ignore[arg-type]
    m = tl.full((gp, 1), float("-inf"), tl.f32)
    l_sum = tl.zeros((gp, 1), tl.f32)
    acc = tl.zeros((gp, dp), tl.f32)
    for j in range(split_len // bn):  # type: ignore[operator]
        first = start // bn + j
        kt = tl.reshape(k.load_tile((1, bn, dp), (kvh, first, 0)), (bn, dp))  # type: ignore[arg-type]
        vt = tl.reshape(v.load_tile((1, bn, dp), (kvh, first, 0)), (bn, dp))  # type: ignore[arg-type]
        s = tl.mma(qt, tl.transpose(kt), tl.zeros((gp, bn), tl.f32)) * qk_scale  # type: ignore[arg-type]
        s = tl.where(cols + first * bn < length, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
        p = tl.exp2(s - m_new)
        alpha = tl.exp2(m - m_new)
        l_sum = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
        acc = tl.mma(tl.astype(p, q.dtype), vt, acc * alpha)
        m = m_new
    o_part.store(tl.reshape(acc / l_sum, (1, gp, dp)))
    lse_part.store(tl.reshape(m + tl.log2(l_sum), (1, gp, 1)))


def decode_combine(
    out: Mutable[Tensor[T]],
    o_part: Shared[Tensor[tr.f32]],
    lse_part: Shared[Tensor[tr.f32]],
    splits: int,
    group: int,
    sp: Const[int],
) -> None:
    """Block ``h`` (a query head): the splits' outputs weighted by their share of the sum.

    The partials are split-major (row ``split * kv_heads + kv_head``): a short context in a
    long cache leaves most splits empty, and the blocks with keys, numbered first, then all
    start in the first wave instead of waiting behind empty ones."""
    h, _ = out.index
    dp = out.tile_shape[1]
    split = tl.expand_dims(tl.arange(sp, dtype=tl.i32), 1)  # type: ignore[arg-type]
    dims = tl.expand_dims(tl.arange(dp, dtype=tl.i32), 0)
    rows = split * (o_part.shape[0] // splits) + h // group
    g = h % group
    valid = split < splits
    lse = tl.gather(lse_part, (rows, g, 0), mask=valid, padding_value=float("-inf"))
    w = tl.exp2(lse - tl.max(lse, axis=0, keepdims=True))
    # a split without keys (lse -inf, weight 0) is not read: a short context in a long cache
    # leaves most of the splits empty
    o = tl.gather(o_part, (rows, g, dims), mask=valid & (lse > float("-inf")))
    out.store(tl.sum(w * o, axis=0, keepdims=True) / tl.sum(w, axis=0, keepdims=True))


@writes("out", "workspace")
def decode_attention(
    out: Tensor[Any],
    q: Tensor[Any],
    k_cache: Tensor[Any],
    v_cache: Tensor[Any],
    length: int,
    scale: float | None = None,
    *,
    split_len: int | None = None,
    workspace: tuple[Tensor[Any], Tensor[Any]] | None = None,
) -> Op:
    """One decode step (flash-decoding): ``q, out: [q_heads, head_dim]`` against the first
    ``length`` positions of ``k_cache, v_cache: [kv_heads, max_seq, head_dim]`` (``kv_heads``
    dividing ``q_heads``; f16, bf16 or f32, one dtype). The sequence is cut into splits of
    ``split_len`` positions (default: enough splits to fill the GPU, at most 128, a multiple
    of 64), one block per (KV head, split) computing the partial softmax of its query heads in
    f32, the last split masked past ``length``; a second kernel, chained with ``.then``,
    combines the splits by their log-sum-exp. The partials are f32 tensors made per call, or
    views of ``workspace`` (from ``decode_workspace``), which a ``tr.graph()`` capture needs:
    it refuses allocations."""
    float_dtype("decode_attention", out, q, k_cache, v_cache)
    hq, d = rank("decode_attention q", q, 2)
    hk, max_seq, dk = rank("decode_attention k_cache", k_cache, 3)
    if dk != d or tuple(v_cache.shape) != tuple(k_cache.shape):
        raise ValueError(
            f"decode_attention: q {q.describe()}, k {k_cache.describe()}, v {v_cache.describe()}"
        )
    if hq % hk:
        raise ValueError(f"decode_attention: kv heads ({hk}) must divide q heads ({hq})")
    if tuple(out.shape) != (hq, d):
        raise ValueError(f"decode_attention: out {out.describe()} must have q's shape")
    if not 1 <= length <= max_seq:
        raise ValueError(f"decode_attention: length {length} outside [1, {max_seq}]")
    group = hq // hk
    bn, split_len, splits = _splits(hk, length, split_len)
    gp, dp = max(16, pow2(group)), pow2(d)
    if workspace is None:
        o_part = tr.empty((hk * splits, gp, d), dtype=tr.f32)
        lse_part = tr.empty((hk * splits, gp, 1), dtype=tr.f32)
    else:
        o_ws, lse_ws = workspace
        if o_ws.shape[0] < hk * splits or tuple(o_ws.shape[1:]) != (gp, d):
            raise ValueError(
                f"decode_attention: workspace {o_ws.describe()} too small for {splits} splits "
                "(make it with tk.decode_workspace for this cache and split_len)"
            )
        o_part, lse_part = o_ws[: hk * splits], lse_ws[: hk * splits]
    sc = (1.0 / math.sqrt(d) if scale is None else float(scale)) * LOG2E
    # dependent launches: the combine's launch overlaps the split (a few us of 60 at 32768)
    part = specialize(decode_split, T=q.dtype).with_options(dependent_launch=True)
    comb = specialize(decode_combine, T=q.dtype).with_options(dependent_launch=True)
    first: Op = part(
        o_part.partition((1, gp, dp)),
        lse_part.partition((1, gp, 1)),
        q,
        k_cache,
        v_cache,
        sc,
        length,
        split_len,
        group,
        bn,
    )
    sp = pow2(splits)
    chain = first.then(lambda *_: comb(out.partition((1, dp)), o_part, lse_part, splits, group, sp))
    return chain_writes(chain, out)


def _splits(kv_heads: int, length: int, split_len: int | None) -> tuple[int, int, int]:
    """(key tile, split length, splits): by default one wave of blocks (as many splits per
    KV head as fill the SMs once, at most 128: on the H100 at 32768 positions, 128 blocks read
    at 0.83 of a copy's bandwidth where 256 read at 0.78, an SM left with one block of two
    waiting for the others); a split is a whole number of key tiles."""
    bn = 64 if length >= 64 else max(16, pow2(length))
    if split_len is None:
        want = max(1, tr.Device().sm_count // kv_heads)
        split_len = max(bn, -(-length // min(want, 128)))
    split_len = -(-split_len // bn) * bn
    return bn, split_len, -(-length // split_len)


@takes_tensors
def decode_workspace(
    q: Tensor[Any], k_cache: Tensor[Any], split_len: int | None = None
) -> tuple[Tensor[Any], Tensor[Any]]:
    """The partial-result tensors ``decode_attention`` needs for any ``length`` up to the
    cache's ``max_seq`` (with this ``split_len``): pass them as ``workspace=`` to launch
    without allocating, as inside a ``tr.graph()`` capture."""
    hq, d = q.shape
    hk, max_seq, _ = k_cache.shape
    most = max(_splits(hk, n, split_len)[2] for n in {1, 64, max_seq})
    if split_len is None:
        most = max(most, min(128, max(1, tr.Device().sm_count // hk)))
    gp = max(16, pow2(hq // hk))
    return (
        tr.empty((hk * most, gp, d), dtype=tr.f32),
        tr.empty((hk * most, gp, 1), dtype=tr.f32),
    )


__all__ = [
    "ATTENTION_CONFIGS",
    "ATTENTION_VARIANTS",
    "attention",
    "decode_attention",
    "decode_workspace",
]

"""Flash attention's other bodies, picked by a config's ``variant`` (``flash.ATTENTION_VARIANTS``).

``flash_attention_fold`` keeps the scores unscaled and folds the scale into the exponent:
``p = exp2(s * c - m * c)`` with ``c = scale * log2(e)`` (one multiply-add per score where
the plain body multiplies, then subtracts; the running max ``m`` of unscaled scores is the
max of scaled ones only for ``c > 0``, so the host takes it for a positive scale only). Its
key loop is split in two: the key tiles every query row of the tile sees in full run without
a mask; only the tiles on the causal diagonal and the last, partial one are masked. The output
is ``acc * (1 / l)``: one reciprocal per row, where ``/`` is an IEEE division per element.
``_lat`` passes the K and V loads' latency hint; ``flash_attention_persistent`` is the fold
body walked by a wave of persistent blocks (``out.partition(...).mapped(blocks=...)``): tiles
go round-robin in row-major order (query tiles of a head in turn), so each wave mixes the
short and the long rows of a causal mask instead of ending on the longest."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here,
# and a Const[int] used as an int takes an ignore.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor
from tilert.kernels._common import T


def flash_attention_fold(
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
    """As ``flash.flash_attention`` (``qk_scale > 0``), scale folded, unmasked full tiles."""
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
    n_full = seq_k // bn  # key tiles with every key valid
    if causal:  # past the query tile's last row: nothing; before its first: every key
        n_tiles = tl.minimum(n_tiles, tl.cdiv((i + 1) * bm, bn))
        n_full = tl.minimum(n_full, (i * bm) // bn)
    for j in range(n_full):
        kt = tl.reshape(k.load_tile((1, bn, dp), (kvh, j, 0)), (bn, dp))  # type: ignore[arg-type]
        vt = tl.reshape(v.load_tile((1, bn, dp), (kvh, j, 0)), (bn, dp))  # type: ignore[arg-type]
        s = tl.mma(qt, tl.transpose(kt), tl.zeros((bm, bn), tl.f32))  # type: ignore[arg-type]
        m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
        ms = m_new * qk_scale
        p = tl.exp2(s * qk_scale - ms)
        alpha = tl.exp2(m * qk_scale - ms)
        l_sum = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
        acc = tl.mma(tl.astype(p, q.dtype), vt, acc * alpha)
        m = m_new
    for j in range(n_full, n_tiles):
        kt = tl.reshape(k.load_tile((1, bn, dp), (kvh, j, 0)), (bn, dp))  # type: ignore[arg-type]
        vt = tl.reshape(v.load_tile((1, bn, dp), (kvh, j, 0)), (bn, dp))  # type: ignore[arg-type]
        s = tl.mma(qt, tl.transpose(kt), tl.zeros((bm, bn), tl.f32))  # type: ignore[arg-type]
        key = cols + j * bn  # type: ignore[operator]
        valid = key < seq_k
        if causal:
            valid = valid & (key <= rows)
        s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
        ms = m_new * qk_scale
        p = tl.exp2(s * qk_scale - ms)
        alpha = tl.exp2(m * qk_scale - ms)
        l_sum = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
        acc = tl.mma(tl.astype(p, q.dtype), vt, acc * alpha)
        m = m_new
    out.store(tl.reshape(acc * (1.0 / l_sum), (1, bm, dp)))


def flash_attention_fold_lat(
    out: Mutable[Tensor[T]],
    q: Shared[Tensor[T]],
    k: Shared[Tensor[T]],
    v: Shared[Tensor[T]],
    qk_scale: float,
    heads: int,
    kv_heads: int,
    bn: Const[int],
    causal: Const[bool],
    lat: Const[int],
) -> None:
    """``flash_attention_fold`` with the K and V loads' latency hint."""
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
    n_full = seq_k // bn
    if causal:
        n_tiles = tl.minimum(n_tiles, tl.cdiv((i + 1) * bm, bn))
        n_full = tl.minimum(n_full, (i * bm) // bn)
    for j in range(n_full):
        kt = tl.reshape(k.load_tile((1, bn, dp), (kvh, j, 0), latency=lat), (bn, dp))  # type: ignore[arg-type]
        vt = tl.reshape(v.load_tile((1, bn, dp), (kvh, j, 0), latency=lat), (bn, dp))  # type: ignore[arg-type]
        s = tl.mma(qt, tl.transpose(kt), tl.zeros((bm, bn), tl.f32))  # type: ignore[arg-type]
        m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
        ms = m_new * qk_scale
        p = tl.exp2(s * qk_scale - ms)
        alpha = tl.exp2(m * qk_scale - ms)
        l_sum = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
        acc = tl.mma(tl.astype(p, q.dtype), vt, acc * alpha)
        m = m_new
    for j in range(n_full, n_tiles):
        kt = tl.reshape(k.load_tile((1, bn, dp), (kvh, j, 0), latency=lat), (bn, dp))  # type: ignore[arg-type]
        vt = tl.reshape(v.load_tile((1, bn, dp), (kvh, j, 0), latency=lat), (bn, dp))  # type: ignore[arg-type]
        s = tl.mma(qt, tl.transpose(kt), tl.zeros((bm, bn), tl.f32))  # type: ignore[arg-type]
        key = cols + j * bn  # type: ignore[operator]
        valid = key < seq_k
        if causal:
            valid = valid & (key <= rows)
        s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
        ms = m_new * qk_scale
        p = tl.exp2(s * qk_scale - ms)
        alpha = tl.exp2(m * qk_scale - ms)
        l_sum = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
        acc = tl.mma(tl.astype(p, q.dtype), vt, acc * alpha)
        m = m_new
    out.store(tl.reshape(acc * (1.0 / l_sum), (1, bm, dp)))


def flash_attention_persistent(
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
    """``flash_attention_fold`` over each (batch x head, query tile) this block is handed."""
    _, bm, dp = out.tile_shape
    seq_k = k.shape[1]
    cols = tl.expand_dims(tl.arange(bn, dtype=tl.i32), 0)  # type: ignore[arg-type]
    for idx in out.tiles():
        bh, i, _ = idx
        kvh = (bh // heads) * kv_heads + (bh % heads) // (heads // kv_heads)
        qt = tl.reshape(q.load_tile((1, bm, dp), (bh, i, 0)), (bm, dp))
        rows = tl.expand_dims(tl.arange(bm, dtype=tl.i32) + i * bm, 1)
        m = tl.full((bm, 1), float("-inf"), tl.f32)
        l_sum = tl.zeros((bm, 1), tl.f32)
        acc = tl.zeros((bm, dp), tl.f32)
        n_tiles = tl.cdiv(seq_k, bn)
        n_full = seq_k // bn
        if causal:
            n_tiles = tl.minimum(n_tiles, tl.cdiv((i + 1) * bm, bn))
            n_full = tl.minimum(n_full, (i * bm) // bn)
        for j in range(n_full):
            kt = tl.reshape(k.load_tile((1, bn, dp), (kvh, j, 0)), (bn, dp))  # type: ignore[arg-type]
            vt = tl.reshape(v.load_tile((1, bn, dp), (kvh, j, 0)), (bn, dp))  # type: ignore[arg-type]
            s = tl.mma(qt, tl.transpose(kt), tl.zeros((bm, bn), tl.f32))  # type: ignore[arg-type]
            m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
            ms = m_new * qk_scale
            p = tl.exp2(s * qk_scale - ms)
            alpha = tl.exp2(m * qk_scale - ms)
            l_sum = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
            acc = tl.mma(tl.astype(p, q.dtype), vt, acc * alpha)
            m = m_new
        for j in range(n_full, n_tiles):
            kt = tl.reshape(k.load_tile((1, bn, dp), (kvh, j, 0)), (bn, dp))  # type: ignore[arg-type]
            vt = tl.reshape(v.load_tile((1, bn, dp), (kvh, j, 0)), (bn, dp))  # type: ignore[arg-type]
            s = tl.mma(qt, tl.transpose(kt), tl.zeros((bm, bn), tl.f32))  # type: ignore[arg-type]
            key = cols + j * bn  # type: ignore[operator]
            valid = key < seq_k
            if causal:
                valid = valid & (key <= rows)
            s = tl.where(valid, s, float("-inf"))
            m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
            ms = m_new * qk_scale
            p = tl.exp2(s * qk_scale - ms)
            alpha = tl.exp2(m * qk_scale - ms)
            l_sum = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
            acc = tl.mma(tl.astype(p, q.dtype), vt, acc * alpha)
            m = m_new
        out.store(tl.reshape(acc * (1.0 / l_sum), (1, bm, dp)), at=idx)

"""Row-wise normalizations over the last axis of ``[rows, cols]``: softmax, layernorm and
rmsnorm (with the fused residual add). They accumulate in f32 whatever the tensors' dtype.

Rows of up to ``cfg.chunk`` columns are one tile per block (``bm`` rows of ``pow2(cols)``),
loaded once; longer rows are walked in chunks by a persistent block per row tile
(``out.partition((bm, chunk)).mapped(blocks=row_tiles, order=tr.grouped(row_tiles))`` hands
block ``b`` the chunks of row tile ``b``, in order), with carried statistics (online softmax,
Chan's merge of means and squared deviations)."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor
from tilert.kernels._common import (
    T,
    choose,
    float_dtype,
    on_gpu,
    pow2,
    rank,
    shape,
    specialize,
    writes,
)
from tilert.ops import Op

CONFIGS = [
    tr.Config(block=4096, chunk=8192),
    tr.Config(block=1024, chunk=8192),
    tr.Config(block=16384, chunk=16384),
]


# -- kernels (generic in T; see _common.specialize) -------------------------------------------
def softmax_rows(out: Mutable[Tensor[T]], x: Shared[Tensor[T]]) -> None:
    bc = out.tile_shape[1]
    t = tl.astype(tl.load_tile_like(x, out), tl.f32)
    valid = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0) < x.shape[1]
    t = tl.where(valid, t, float("-inf"))
    e = tl.where(valid, tl.exp(t - tl.max(t, axis=1, keepdims=True)), 0.0)
    out.store(e / tl.sum(e, axis=1, keepdims=True))


def softmax_chunks(out: Mutable[Tensor[T]], x: Shared[Tensor[T]]) -> None:
    bm, bc = out.tile_shape
    cols = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0)
    m = tl.full((bm, 1), float("-inf"), tl.f32)
    s = tl.zeros((bm, 1), tl.f32)
    for idx in out.tiles():
        _, c = idx
        valid = cols + c * bc < x.shape[1]
        t = tl.where(valid, tl.astype(tl.load_tile_like(x, out, at=idx), tl.f32), float("-inf"))
        m_new = tl.maximum(m, tl.max(t, axis=1, keepdims=True))
        e = tl.where(valid, tl.exp(t - m_new), 0.0)
        s = s * tl.exp(m - m_new) + tl.sum(e, axis=1, keepdims=True)
        m = m_new
    for jdx in out.tiles():
        t = tl.astype(tl.load_tile_like(x, out, at=jdx), tl.f32)
        out.store(tl.exp(t - m) / s, at=jdx)


def layernorm_rows(
    out: Mutable[Tensor[T]],
    x: Shared[Tensor[T]],
    w: Shared[Tensor[T]],
    b: Shared[Tensor[T]],
    eps: float,
) -> None:
    bc = out.tile_shape[1]
    n = x.shape[1]
    t = tl.astype(tl.load_tile_like(x, out), tl.f32)  # zeros past the row's end
    valid = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0) < n
    mean = tl.sum(t, axis=1, keepdims=True) / n
    d = tl.where(valid, t - mean, 0.0)
    rstd = tl.rsqrt(tl.sum(d * d, axis=1, keepdims=True) / n + eps)
    wt = tl.astype(tl.reshape(w.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    bt = tl.astype(tl.reshape(b.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    out.store(d * rstd * wt + bt)


def layernorm_chunks(
    out: Mutable[Tensor[T]],
    x: Shared[Tensor[T]],
    w: Shared[Tensor[T]],
    b: Shared[Tensor[T]],
    eps: float,
) -> None:
    bm, bc = out.tile_shape
    n = x.shape[1]
    cols = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0)
    count = tl.zeros((1, 1), tl.f32)
    mean = tl.zeros((bm, 1), tl.f32)
    m2 = tl.zeros((bm, 1), tl.f32)
    for idx in out.tiles():  # Chan et al.: merge each chunk's mean and squared deviations
        _, c = idx
        valid = cols + c * bc < n
        t = tl.astype(tl.load_tile_like(x, out, at=idx), tl.f32)
        nb = tl.sum(tl.where(valid, 1.0, 0.0), axis=1, keepdims=True)
        mb = tl.sum(t, axis=1, keepdims=True) / nb
        d = tl.where(valid, t - mb, 0.0)
        total = count + nb
        delta = mb - mean
        mean = mean + delta * (nb / total)
        m2 = m2 + tl.sum(d * d, axis=1, keepdims=True) + delta * delta * (count * nb / total)
        count = total
    rstd = tl.rsqrt(m2 / n + eps)
    for jdx in out.tiles():
        _, c = jdx
        t = tl.astype(tl.load_tile_like(x, out, at=jdx), tl.f32)
        wt = tl.astype(tl.reshape(w.load_tile((bc,), (c,)), (1, bc)), tl.f32)
        bt = tl.astype(tl.reshape(b.load_tile((bc,), (c,)), (1, bc)), tl.f32)
        out.store((t - mean) * rstd * wt + bt, at=jdx)


def rmsnorm_rows(
    out: Mutable[Tensor[T]], x: Shared[Tensor[T]], w: Shared[Tensor[T]], eps: float
) -> None:
    bc = out.tile_shape[1]
    t = tl.astype(tl.load_tile_like(x, out), tl.f32)  # zeros past the end add nothing
    rstd = tl.rsqrt(tl.sum(t * t, axis=1, keepdims=True) / x.shape[1] + eps)
    wt = tl.astype(tl.reshape(w.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    out.store(t * rstd * wt)


def rmsnorm_residual_rows(
    out: Mutable[Tensor[T]],
    res: Mutable[Tensor[T]],
    x: Shared[Tensor[T]],
    w: Shared[Tensor[T]],
    eps: float,
) -> None:
    bc = out.tile_shape[1]
    h = tl.astype(tl.load_tile_like(x, out), tl.f32) + tl.astype(res.load(), tl.f32)
    res.store(h)
    h = tl.astype(tl.astype(h, res.dtype), tl.f32)  # normalize what the residual now holds
    rstd = tl.rsqrt(tl.sum(h * h, axis=1, keepdims=True) / x.shape[1] + eps)
    wt = tl.astype(tl.reshape(w.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    out.store(h * rstd * wt)


def rmsnorm_chunks(
    out: Mutable[Tensor[T]], x: Shared[Tensor[T]], w: Shared[Tensor[T]], eps: float
) -> None:
    bm, bc = out.tile_shape
    ss = tl.zeros((bm, 1), tl.f32)
    for idx in out.tiles():
        t = tl.astype(tl.load_tile_like(x, out, at=idx), tl.f32)
        ss = ss + tl.sum(t * t, axis=1, keepdims=True)
    rstd = tl.rsqrt(ss / x.shape[1] + eps)
    for jdx in out.tiles():
        _, c = jdx
        t = tl.astype(tl.load_tile_like(x, out, at=jdx), tl.f32)
        wt = tl.astype(tl.reshape(w.load_tile((bc,), (c,)), (1, bc)), tl.f32)
        out.store(t * rstd * wt, at=jdx)


def add_into(res: Mutable[Tensor[T]], x: Shared[Tensor[T]]) -> None:
    res.store(tl.astype(res.load(), tl.f32) + tl.astype(tl.load_tile_like(x, res), tl.f32))


# -- launches ---------------------------------------------------------------------------------
def _tiling(cfg: tr.Config, rows: int, cols: int) -> tuple[int, int, bool]:
    """(rows per block, columns per tile, chunked) for a ``rows x cols`` input."""
    chunked = cols > cfg.chunk
    bc = cfg.chunk if chunked else pow2(cols)
    bm = max(1, min(cfg.block // bc, pow2(rows), 64))
    return bm, bc, chunked


def _partition(out: Tensor[Any], bm: int, bc: int, chunked: bool) -> tr.Partition[Any]:
    part = out.partition((bm, bc))
    if chunked:
        tiles = -(-out.shape[0] // bm)
        part = part.mapped(blocks=tiles, order=tr.grouped(tiles))
    return part


def _rows(what: str, out: Tensor[Any], x: Tensor[Any], *more: Tensor[Any]) -> type[Any]:
    dt = float_dtype(what, out, x, *more)
    rows, cols = rank(what, x, 2)
    shape(f"{what} out", out, (rows, cols))
    for t in more:
        shape(f"{what} weight", t, (cols,))
    return dt


@tr.autotune(configs=CONFIGS, key=["out", "x"])
def _softmax(cfg: tr.Config, out: Tensor[Any], x: Tensor[Any]) -> Op:
    bm, bc, chunked = _tiling(cfg, *x.shape)
    k = specialize(softmax_chunks if chunked else softmax_rows, T=x.dtype)
    return k(_partition(out, bm, bc, chunked), x)


@writes("out")
def softmax(out: Tensor[Any], x: Tensor[Any], *, config: tr.Config | None = None) -> Op:
    """``out = softmax(x)`` over the last axis. ``x, out: [rows, cols]``, f16, bf16 or f32
    (one dtype); computed in f32. ``config``: one of ``CONFIGS`` instead of the tuned one."""
    _rows("softmax", out, x)
    return choose(_softmax, config, out, x)


@tr.autotune(configs=CONFIGS, key=["out", "x"])
def _layernorm(
    cfg: tr.Config, out: Tensor[Any], x: Tensor[Any], w: Tensor[Any], b: Tensor[Any], eps: float
) -> Op:
    bm, bc, chunked = _tiling(cfg, *x.shape)
    k = specialize(layernorm_chunks if chunked else layernorm_rows, T=x.dtype)
    return k(_partition(out, bm, bc, chunked), x, w, b, eps)


@writes("out")
def layernorm(
    out: Tensor[Any],
    x: Tensor[Any],
    weight: Tensor[Any],
    bias: Tensor[Any],
    eps: float = 1e-5,
    *,
    config: tr.Config | None = None,
) -> Op:
    """``out = (x - mean) / sqrt(var + eps) * weight + bias`` over the last axis (biased
    variance, as torch's). ``x, out: [rows, cols]``, ``weight, bias: [cols]``, all f16, bf16
    or f32 (one dtype); statistics in f32."""
    _rows("layernorm", out, x, weight, bias)
    return choose(_layernorm, config, out, x, weight, bias, eps)


@tr.autotune(configs=CONFIGS, key=["out", "x"])
def _rmsnorm(cfg: tr.Config, out: Tensor[Any], x: Tensor[Any], w: Tensor[Any], eps: float) -> Op:
    bm, bc, chunked = _tiling(cfg, *x.shape)
    k = specialize(rmsnorm_chunks if chunked else rmsnorm_rows, T=x.dtype)
    return k(_partition(out, bm, bc, chunked), x, w, eps)


@writes("out", "residual")
def rmsnorm(
    out: Tensor[Any],
    x: Tensor[Any],
    weight: Tensor[Any],
    eps: float = 1e-6,
    residual: Tensor[Any] | None = None,
    *,
    config: tr.Config | None = None,
) -> Op:
    """``out = x / sqrt(mean(x**2) + eps) * weight`` over the last axis. ``x, out: [rows,
    cols]``, ``weight: [cols]``, f16, bf16 or f32 (one dtype); computed in f32.

    With ``residual`` (``[rows, cols]``, the same dtype), the fused add of a transformer
    block: ``residual += x`` in place, then ``out = rmsnorm(residual)`` (of the stored, rounded
    sum); ``residual`` is then a second output, written by the op."""
    _rows("rmsnorm", out, x, weight)
    if residual is None:
        return choose(_rmsnorm, config, out, x, weight, eps)
    _rows("rmsnorm residual", residual, x)
    # the tuner's trials would add x into the residual once per run: pick the tiling from the
    # plain rmsnorm's choice (its trials write only ``out``)
    cfg = config or (_rmsnorm.best_config(out, x, weight, eps) if on_gpu() else CONFIGS[0])
    bm, bc, chunked = _tiling(cfg, *x.shape)
    if not chunked:
        k = specialize(rmsnorm_residual_rows, T=x.dtype)
        return k(out.partition((bm, bc)), residual.partition((bm, bc)), x, weight, eps)
    add = specialize(add_into, T=x.dtype)
    norm = specialize(rmsnorm_chunks, T=x.dtype)
    first: Op = add(residual.partition((bm, bc)), x)
    return first.then(lambda *_: norm(_partition(out, bm, bc, True), residual, weight, eps))

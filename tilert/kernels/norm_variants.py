"""The row kernels' other bodies, picked by a config's ``variant`` (``norms.VARIANTS``): softmax
in base 2 (``exp2`` of ``x * log2(e)``, one reciprocal per row instead of a division per
element: cuTile's ``/`` is the IEEE division, a call to its slow path per element, and ``exp``
costs several instructions around its ``ex2``), and persistent loops: a wave of blocks walks
the row tiles (``out.partition((bm, cols)).mapped(blocks=...)``), so the compiler pipelines
the next rows' loads behind this row's arithmetic, and the norms' weights are loaded once per
block instead of once per row tile. The ``_lat`` bodies pass the loads' latency hint (a
``Const``: cuTile sizes the loop's load pipeline by it).

Each computes what the plain body of ``norms.py`` computes, in f32 whatever the dtype."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor
from tilert.kernels._common import T


# -- softmax in base 2 --------------------------------------------------------------------------
def softmax_rows_exp2(out: Mutable[Tensor[T]], x: Shared[Tensor[T]]) -> None:
    """One tile of ``bm`` whole rows: read once, ``exp2`` of the scores in base 2."""
    bc = out.tile_shape[1]
    valid = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0) < x.shape[1]
    t = tl.astype(tl.load_tile_like(x, out), tl.f32) * 1.4426950408889634  # log2(e)
    t = tl.where(valid, t, float("-inf"))  # past the row's end: exp2 gives 0
    e = tl.exp2(t - tl.max(t, axis=1, keepdims=True))
    out.store(e * (1.0 / tl.sum(e, axis=1, keepdims=True)))


def softmax_chunks_exp2(out: Mutable[Tensor[T]], x: Shared[Tensor[T]]) -> None:
    """Rows walked in chunks twice (online max and sum, then the output); the second read of
    a row tile follows the first closely enough to find it in the L2."""
    bm, bc = out.tile_shape
    cols = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0)
    m = tl.full((bm, 1), float("-inf"), tl.f32)
    s = tl.zeros((bm, 1), tl.f32)
    for idx in out.tiles():
        _, c = idx
        t = tl.astype(tl.load_tile_like(x, out, at=idx), tl.f32) * 1.4426950408889634
        t = tl.where(cols + c * bc < x.shape[1], t, float("-inf"))
        m_new = tl.maximum(m, tl.max(t, axis=1, keepdims=True))
        s = s * tl.exp2(m - m_new) + tl.sum(tl.exp2(t - m_new), axis=1, keepdims=True)
        m = m_new
    inv = 1.0 / s
    for jdx in out.tiles():
        t = tl.astype(tl.load_tile_like(x, out, at=jdx), tl.f32) * 1.4426950408889634
        out.store(tl.exp2(t - m) * inv, at=jdx)


def softmax_loop(out: Mutable[Tensor[T]], x: Shared[Tensor[T]]) -> None:
    """Persistent: each block walks its row tiles (whole rows), base 2."""
    bc = out.tile_shape[1]
    valid = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0) < x.shape[1]
    for idx in out.tiles():
        t = tl.astype(tl.load_tile_like(x, out, at=idx), tl.f32) * 1.4426950408889634
        t = tl.where(valid, t, float("-inf"))
        e = tl.exp2(t - tl.max(t, axis=1, keepdims=True))
        out.store(e * (1.0 / tl.sum(e, axis=1, keepdims=True)), at=idx)


def softmax_loop_lat(out: Mutable[Tensor[T]], x: Shared[Tensor[T]], lat: Const[int]) -> None:
    """``softmax_loop`` with the loads' latency hint."""
    bc = out.tile_shape[1]
    valid = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0) < x.shape[1]
    for idx in out.tiles():
        xt = tl.load_tile_like(x, out, at=idx, latency=lat)  # type: ignore[arg-type]
        t = tl.astype(xt, tl.f32) * 1.4426950408889634
        t = tl.where(valid, t, float("-inf"))
        e = tl.exp2(t - tl.max(t, axis=1, keepdims=True))
        out.store(e * (1.0 / tl.sum(e, axis=1, keepdims=True)), at=idx)


# -- persistent norms: the weights loaded once per block ------------------------------------
def rmsnorm_loop(
    out: Mutable[Tensor[T]], x: Shared[Tensor[T]], w: Shared[Tensor[T]], eps: float
) -> None:
    bc = out.tile_shape[1]
    wt = tl.astype(tl.reshape(w.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    for idx in out.tiles():
        t = tl.astype(tl.load_tile_like(x, out, at=idx), tl.f32)  # zeros past the end
        rstd = tl.rsqrt(tl.sum(t * t, axis=1, keepdims=True) / x.shape[1] + eps)
        out.store(t * rstd * wt, at=idx)


def rmsnorm_loop_lat(
    out: Mutable[Tensor[T]], x: Shared[Tensor[T]], w: Shared[Tensor[T]], eps: float, lat: Const[int]
) -> None:
    bc = out.tile_shape[1]
    wt = tl.astype(tl.reshape(w.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    for idx in out.tiles():
        xt = tl.load_tile_like(x, out, at=idx, latency=lat)  # type: ignore[arg-type]
        t = tl.astype(xt, tl.f32)
        rstd = tl.rsqrt(tl.sum(t * t, axis=1, keepdims=True) / x.shape[1] + eps)
        out.store(t * rstd * wt, at=idx)


def layernorm_loop(
    out: Mutable[Tensor[T]],
    x: Shared[Tensor[T]],
    w: Shared[Tensor[T]],
    b: Shared[Tensor[T]],
    eps: float,
) -> None:
    bc = out.tile_shape[1]
    n = x.shape[1]
    valid = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0) < n
    wt = tl.astype(tl.reshape(w.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    bt = tl.astype(tl.reshape(b.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    for idx in out.tiles():
        t = tl.astype(tl.load_tile_like(x, out, at=idx), tl.f32)
        d = tl.where(valid, t - tl.sum(t, axis=1, keepdims=True) / n, 0.0)
        rstd = tl.rsqrt(tl.sum(d * d, axis=1, keepdims=True) / n + eps)
        out.store(d * rstd * wt + bt, at=idx)


def layernorm_loop_lat(
    out: Mutable[Tensor[T]],
    x: Shared[Tensor[T]],
    w: Shared[Tensor[T]],
    b: Shared[Tensor[T]],
    eps: float,
    lat: Const[int],
) -> None:
    bc = out.tile_shape[1]
    n = x.shape[1]
    valid = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0) < n
    wt = tl.astype(tl.reshape(w.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    bt = tl.astype(tl.reshape(b.load_tile((bc,), (0,)), (1, bc)), tl.f32)
    for idx in out.tiles():
        xt = tl.load_tile_like(x, out, at=idx, latency=lat)  # type: ignore[arg-type]
        t = tl.astype(xt, tl.f32)
        d = tl.where(valid, t - tl.sum(t, axis=1, keepdims=True) / n, 0.0)
        rstd = tl.rsqrt(tl.sum(d * d, axis=1, keepdims=True) / n + eps)
        out.store(d * rstd * wt + bt, at=idx)

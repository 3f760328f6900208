"""GEMVs with the neighbouring small ops of a decoder layer folded in, for one token: each
saves a launch and a round trip of the vector through memory, which at batch 1 costs as much
as the small op itself.

* ``gemv_rmsnorm``: ``out = w @ (rmsnorm(x) * norm_weight)``. Every block reads all of ``x``
  for its dot products anyway, so it also sums its squares; ``1/rms`` is a scalar that
  factors out of the product and is applied once at the end.
* ``gemv_rmsnorm_silu``: the SwiGLU gate on top, ``out = silu(w[0] @ h) * (w[1] @ h)`` with
  ``h = rmsnorm(x) * norm_weight``: the gate and up projections never go to memory.
* ``gemv_residual``: ``out = residual + w @ x``, the residual add of the attention output or
  MLP projection (``out`` and ``residual`` distinct, so the tuner's trials may rerun it).

Products and statistics accumulate in f32 and are rounded once, on the store."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here,
# and a Const[int] used as an int takes an ignore.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor
from tilert.kernel import Kernel
from tilert.kernels._common import (
    LOG2E,
    T,
    choose,
    float_dtype,
    pow2,
    rank,
    shape,
    specialize,
    writes,
)
from tilert.ops import Op


def gemv_rmsnorm_kernel(
    out: Mutable[Tensor[T]],
    w: Shared[Tensor[T]],
    x: Shared[Tensor[T]],
    nw: Shared[Tensor[T]],
    eps: float,
    bk: Const[int],
) -> None:
    i = out.index[0]
    bn = out.tile_shape[0]
    acc = tl.zeros((bn, bk), tl.f32)  # type: ignore[arg-type,unused-ignore]
    ss = tl.zeros((1, bk), tl.f32)  # type: ignore[arg-type,unused-ignore]
    for k in range(tl.cdiv(w.shape[1], bk)):
        xv = tl.astype(tl.reshape(x.load_tile((bk,), (k,)), (1, bk)), tl.f32)  # type: ignore[arg-type,unused-ignore]
        nv = tl.astype(tl.reshape(nw.load_tile((bk,), (k,)), (1, bk)), tl.f32)  # type: ignore[arg-type,unused-ignore]
        ss = ss + xv * xv
        acc = acc + tl.astype(w.load_tile((bn, bk), (i, k)), tl.f32) * (xv * nv)
    rstd = tl.rsqrt(tl.sum(ss) / w.shape[1] + eps)
    out.store(tl.sum(acc, axis=1) * rstd)


def gemv_rmsnorm_silu_kernel(
    out: Mutable[Tensor[T]],
    w: Shared[Tensor[T]],
    x: Shared[Tensor[T]],
    nw: Shared[Tensor[T]],
    eps: float,
    bk: Const[int],
) -> None:
    i = out.index[0]
    bn = out.tile_shape[0]
    g = tl.zeros((bn, bk), tl.f32)  # type: ignore[arg-type,unused-ignore]
    u = tl.zeros((bn, bk), tl.f32)  # type: ignore[arg-type,unused-ignore]
    ss = tl.zeros((1, bk), tl.f32)  # type: ignore[arg-type,unused-ignore]
    for k in range(tl.cdiv(w.shape[2], bk)):
        xv = tl.astype(tl.reshape(x.load_tile((bk,), (k,)), (1, bk)), tl.f32)  # type: ignore[arg-type,unused-ignore]
        nv = tl.astype(tl.reshape(nw.load_tile((bk,), (k,)), (1, bk)), tl.f32)  # type: ignore[arg-type,unused-ignore]
        ss = ss + xv * xv
        h = xv * nv
        wg = tl.reshape(w.load_tile((1, bn, bk), (0, i, k)), (bn, bk))  # type: ignore[arg-type,unused-ignore]
        wu = tl.reshape(w.load_tile((1, bn, bk), (1, i, k)), (bn, bk))  # type: ignore[arg-type,unused-ignore]
        g = g + tl.astype(wg, tl.f32) * h
        u = u + tl.astype(wu, tl.f32) * h
    rstd = tl.rsqrt(tl.sum(ss) / w.shape[2] + eps)
    gs = tl.sum(g, axis=1) * rstd
    out.store(gs / (1.0 + tl.exp2(-LOG2E * gs)) * (tl.sum(u, axis=1) * rstd))


def gemv_residual_kernel(
    out: Mutable[Tensor[T]],
    w: Shared[Tensor[T]],
    x: Shared[Tensor[T]],
    residual: Shared[Tensor[T]],
    bk: Const[int],
) -> None:
    i = out.index[0]
    bn = out.tile_shape[0]
    acc = tl.zeros((bn, bk), tl.f32)  # type: ignore[arg-type,unused-ignore]
    for k in range(tl.cdiv(w.shape[1], bk)):
        a = tl.astype(w.load_tile((bn, bk), (i, k)), tl.f32)
        v = tl.astype(tl.reshape(x.load_tile((bk,), (k,)), (1, bk)), tl.f32)  # type: ignore[arg-type,unused-ignore]
        acc = acc + a * v
    out.store(tl.astype(tl.load_tile_like(residual, out), tl.f32) + tl.sum(acc, axis=1))


# Tilings for a weight streamed from HBM, timed on the H100 inside a decode step (36 distinct
# weights a graph, benchmarks/gpu_probe_gemv.py): wide short tiles (64x128, 32x256) for the
# projections of 6144 or 2560 outputs, two or four rows with long tiles for the tall-K down
# projection. ``occupancy``: blocks per SM the compiler plans for (None: its default). Tuned
# cold (the L2 flushed before each timed run), as a step finds the weights.
FUSED_GEMV_CONFIGS = [
    tr.Config(bn=64, bk=256, occupancy=None),
    tr.Config(bn=64, bk=128, occupancy=None),
    tr.Config(bn=32, bk=256, occupancy=None),
    tr.Config(bn=16, bk=512, occupancy=None),
    tr.Config(bn=16, bk=512, occupancy=4),
    tr.Config(bn=16, bk=256, occupancy=4),
    tr.Config(bn=8, bk=512, occupancy=None),
    tr.Config(bn=8, bk=1024, occupancy=None),
    tr.Config(bn=4, bk=2048, occupancy=4),
    tr.Config(bn=2, bk=2048, occupancy=4),
]
# two accumulators per block: half the rows
GEMV_SILU_CONFIGS = [
    tr.Config(bn=32, bk=256, occupancy=None),
    tr.Config(bn=16, bk=512, occupancy=None),
    tr.Config(bn=8, bk=1024, occupancy=None),
    tr.Config(bn=64, bk=128, occupancy=None),
    tr.Config(bn=16, bk=256, occupancy=4),
    tr.Config(bn=32, bk=128, occupancy=4),
    tr.Config(bn=4, bk=512, occupancy=4),
]


def _tiles(cfg: tr.Config, n: int, k: int) -> tuple[int, int]:
    return min(cfg.bn, pow2(n)), min(cfg.bk, pow2(k))


def _kernel(fn: Any, cfg: tr.Config, dtype: Any) -> Kernel:
    """``fn`` specialized for ``dtype``, compiled with ``cfg``'s occupancy where it sets one,
    as a dependent launch: a batch-1 GEMV is short, and its launch overlaps the kernel before
    (on the H100: decode 272 -> 283 tokens/s with every decode kernel so launched)."""
    k = specialize(fn, T=dtype).with_options(dependent_launch=True)
    return k.with_options(occupancy=cfg.occupancy) if cfg.occupancy else k


@tr.autotune(configs=FUSED_GEMV_CONFIGS, key=["out", "w"], cold=True)
def _gemv_rmsnorm(
    cfg: tr.Config, out: Tensor[Any], w: Tensor[Any], x: Tensor[Any], nw: Tensor[Any], eps: float
) -> Op:
    bn, bk = _tiles(cfg, *w.shape)
    return _kernel(gemv_rmsnorm_kernel, cfg, out.dtype)(out.partition((bn,)), w, x, nw, eps, bk)


@tr.autotune(configs=GEMV_SILU_CONFIGS, key=["out", "w"], cold=True)
def _gemv_rmsnorm_silu(
    cfg: tr.Config, out: Tensor[Any], w: Tensor[Any], x: Tensor[Any], nw: Tensor[Any], eps: float
) -> Op:
    bn, bk = _tiles(cfg, *w.shape[1:])
    k = _kernel(gemv_rmsnorm_silu_kernel, cfg, out.dtype)
    return k(out.partition((bn,)), w, x, nw, eps, bk)


@tr.autotune(configs=FUSED_GEMV_CONFIGS, key=["out", "w"], cold=True)
def _gemv_residual(
    cfg: tr.Config, out: Tensor[Any], w: Tensor[Any], x: Tensor[Any], residual: Tensor[Any]
) -> Op:
    bn, bk = _tiles(cfg, *w.shape)
    k = _kernel(gemv_residual_kernel, cfg, out.dtype)
    return k(out.partition((bn,)), w, x, residual, bk)


@writes("out")
def gemv_rmsnorm(
    out: Tensor[Any],
    w: Tensor[Any],
    x: Tensor[Any],
    norm_weight: Tensor[Any],
    eps: float = 1e-6,
    *,
    config: tr.Config | None = None,
) -> Op:
    """``out = w @ (rmsnorm(x) * norm_weight)``: ``w: [N, K]``, ``x, norm_weight: [K]``,
    ``out: [N]``; f16, bf16 or f32 (one dtype). Tuned over ``FUSED_GEMV_CONFIGS`` on the GPU."""
    float_dtype("gemv_rmsnorm", out, w, x, norm_weight)
    n, k = rank("gemv_rmsnorm w", w, 2)
    shape("gemv_rmsnorm x", x, (k,))
    shape("gemv_rmsnorm norm_weight", norm_weight, (k,))
    shape("gemv_rmsnorm out", out, (n,))
    return choose(_gemv_rmsnorm, config, out, w, x, norm_weight, float(eps))


@writes("out")
def gemv_rmsnorm_silu(
    out: Tensor[Any],
    w: Tensor[Any],
    x: Tensor[Any],
    norm_weight: Tensor[Any],
    eps: float = 1e-6,
    *,
    config: tr.Config | None = None,
) -> Op:
    """``out = silu(w[0] @ h) * (w[1] @ h)`` with ``h = rmsnorm(x) * norm_weight``: ``w: [2,
    N, K]`` (the gate and up projections stacked), ``x, norm_weight: [K]``, ``out: [N]``;
    f16, bf16 or f32 (one dtype). Tuned over ``GEMV_SILU_CONFIGS`` on the GPU."""
    float_dtype("gemv_rmsnorm_silu", out, w, x, norm_weight)
    two, n, k = rank("gemv_rmsnorm_silu w", w, 3)
    if two != 2:
        raise ValueError(f"gemv_rmsnorm_silu: w must be [2, N, K] (gate, up), got {w.describe()}")
    shape("gemv_rmsnorm_silu x", x, (k,))
    shape("gemv_rmsnorm_silu norm_weight", norm_weight, (k,))
    shape("gemv_rmsnorm_silu out", out, (n,))
    return choose(_gemv_rmsnorm_silu, config, out, w, x, norm_weight, float(eps))


@writes("out")
def gemv_residual(
    out: Tensor[Any],
    w: Tensor[Any],
    x: Tensor[Any],
    residual: Tensor[Any],
    *,
    config: tr.Config | None = None,
) -> Op:
    """``out = residual + w @ x``: ``w: [N, K]``, ``x: [K]``, ``residual, out: [N]`` (two
    tensors: a decoder alternates two residual buffers); f16, bf16 or f32 (one dtype). Tuned
    over ``FUSED_GEMV_CONFIGS`` on the GPU."""
    float_dtype("gemv_residual", out, w, x, residual)
    n, k = rank("gemv_residual w", w, 2)
    shape("gemv_residual x", x, (k,))
    shape("gemv_residual residual", residual, (n,))
    shape("gemv_residual out", out, (n,))
    return choose(_gemv_residual, config, out, w, x, residual)


__all__ = [
    "FUSED_GEMV_CONFIGS",
    "GEMV_SILU_CONFIGS",
    "gemv_residual",
    "gemv_rmsnorm",
    "gemv_rmsnorm_silu",
]

"""Matrix products: the persistent grouped GEMM (the tuned kernel of
``benchmarks/gemm_kernels.py``, made generic over the dtype), a batched matmul and GEMV.
Products accumulate in f32 with ``tl.mma``; edge tiles read zeros past the end of K, which
add nothing."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here,
# and a Const[int] used as an int takes an ignore.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor
from tilert.kernels._common import T, choose, float_dtype, pow2, rank, shape, specialize, writes
from tilert.ops import Op


# -- GEMM -------------------------------------------------------------------------------------
def gemm_persistent(
    c: Mutable[Tensor[T]], a: Shared[Tensor[T]], b: Shared[Tensor[T]], bk: Const[int]
) -> None:
    bm, bn = c.tile_shape
    for idx in c.tiles():
        i, j = idx
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(tl.cdiv(a.shape[1], bk)):
            acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
        c.store(acc, at=idx)


def gemm_persistent_hinted(
    c: Mutable[Tensor[T]],
    a: Shared[Tensor[T]],
    b: Shared[Tensor[T]],
    bk: Const[int],
    latency: Const[int],
) -> None:
    bm, bn = c.tile_shape
    for idx in c.tiles():
        i, j = idx
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(tl.cdiv(a.shape[1], bk)):
            ta = a.load_tile((bm, bk), (i, k), latency=latency)
            tb = b.load_tile((bk, bn), (k, j), latency=latency)
            acc = tl.mma(ta, tb, acc)
        c.store(acc, at=idx)


_TILE = {"bm": 128, "bn": 128, "bk": 64, "group": 8}
# benchmarks/gpu_bench_gemm.py's configs: ``waves`` persistent blocks per SM (None: one block
# per tile), ``latency`` the loads' DRAM-traffic hint (None: the compiler's guess)
GEMM_CONFIGS = [
    tr.Config(**_TILE, waves=1, occupancy=1, num_ctas=None, latency=None),
    tr.Config(**_TILE, waves=2, occupancy=2, num_ctas=None, latency=None),
    tr.Config(**_TILE, waves=1, occupancy=1, num_ctas=None, latency=8),
    tr.Config(**_TILE, waves=2, occupancy=2, num_ctas=None, latency=3),
    tr.Config(bm=64, bn=64, bk=32, group=8, waves=2, occupancy=2, num_ctas=None, latency=None),
]


@tr.autotune(configs=GEMM_CONFIGS, key=["out", "a", "b"])
def _gemm(cfg: tr.Config, out: Tensor[Any], a: Tensor[Any], b: Tensor[Any]) -> Op:
    m, n = out.shape
    tiles = -(-m // cfg.bm) * -(-n // cfg.bn)
    blocks = tiles if cfg.waves is None else max(1, min(cfg.waves * tr.Device().sm_count, tiles))
    part = out.partition((cfg.bm, cfg.bn)).mapped(blocks=blocks, order=tr.grouped(cfg.group))
    options = {k: getattr(cfg, k) for k in ("occupancy", "num_ctas") if getattr(cfg, k)}
    if cfg.latency is None:
        k = specialize(gemm_persistent, T=out.dtype).with_options(**options)
        return k(part, a, b, cfg.bk)
    k = specialize(gemm_persistent_hinted, T=out.dtype).with_options(**options)
    return k(part, a, b, cfg.bk, cfg.latency)


@writes("out")
def gemm(
    out: Tensor[Any], a: Tensor[Any], b: Tensor[Any], *, config: tr.Config | None = None
) -> Op:
    """``out = a @ b``: ``a: [M, K]``, ``b: [K, N]``, ``out: [M, N]``, f16, bf16 or f32 (one
    dtype), accumulated in f32 by ``tl.mma`` (f32 inputs may run as TF32 on the GPU).
    Persistent: a wave of blocks (``waves`` per SM) walks the output tiles in grouped order
    (``tr.grouped(8)``: neighbouring blocks share rows of ``a``). Tuned over ``GEMM_CONFIGS``
    per shape and dtype; ``config`` picks one instead."""
    float_dtype("gemm", out, a, b)
    m, k = rank("gemm a", a, 2)
    k2, n = rank("gemm b", b, 2)
    if k2 != k:
        raise ValueError(f"gemm: a is {m}x{k} but b is {k2}x{n}")
    shape("gemm out", out, (m, n))
    return choose(_gemm, config, out, a, b)


# -- batched matmul ---------------------------------------------------------------------------
def bmm_kernel(
    c: Mutable[Tensor[T]], a: Shared[Tensor[T]], b: Shared[Tensor[T]], bk: Const[int]
) -> None:
    z, i, j = c.index
    _, bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    for k in range(tl.cdiv(a.shape[2], bk)):
        ta = tl.reshape(a.load_tile((1, bm, bk), (z, i, k)), (bm, bk))  # type: ignore[arg-type]
        tb = tl.reshape(b.load_tile((1, bk, bn), (z, k, j)), (bk, bn))  # type: ignore[arg-type]
        acc = tl.mma(ta, tb, acc)
    c.store(tl.reshape(acc, (1, bm, bn)))


BMM_CONFIGS = [tr.Config(bm=128, bn=128, bk=64), tr.Config(bm=64, bn=64, bk=32)]


@tr.autotune(configs=BMM_CONFIGS, key=["out", "a", "b"])
def _bmm(cfg: tr.Config, out: Tensor[Any], a: Tensor[Any], b: Tensor[Any]) -> Op:
    _, m, n = out.shape
    bm, bn = min(cfg.bm, max(16, pow2(m))), min(cfg.bn, max(16, pow2(n)))
    k = specialize(bmm_kernel, T=out.dtype)
    return k(out.partition((1, bm, bn)), a, b, cfg.bk)


@writes("out")
def bmm(out: Tensor[Any], a: Tensor[Any], b: Tensor[Any], *, config: tr.Config | None = None) -> Op:
    """``out[z] = a[z] @ b[z]``: ``a: [B, M, K]``, ``b: [B, K, N]``, ``out: [B, M, N]``, f16,
    bf16 or f32 (one dtype), accumulated in f32; one block per output tile of each batch."""
    float_dtype("bmm", out, a, b)
    bs, m, k = rank("bmm a", a, 3)
    bs2, k2, n = rank("bmm b", b, 3)
    if (bs2, k2) != (bs, k):
        raise ValueError(f"bmm: a is {bs}x{m}x{k} but b is {bs2}x{k2}x{n}")
    shape("bmm out", out, (bs, m, n))
    return choose(_bmm, config, out, a, b)


# -- GEMV -------------------------------------------------------------------------------------
def gemv_kernel(
    out: Mutable[Tensor[T]], w: Shared[Tensor[T]], x: Shared[Tensor[T]], bk: Const[int]
) -> None:
    i = out.index[0]
    bn = out.tile_shape[0]
    acc = tl.zeros((bn, bk), tl.f32)  # type: ignore[arg-type]
    for k in range(tl.cdiv(w.shape[1], bk)):
        a = tl.astype(w.load_tile((bn, bk), (i, k)), tl.f32)
        v = tl.astype(tl.reshape(x.load_tile((bk,), (k,)), (1, bk)), tl.f32)  # type: ignore[arg-type]
        acc = acc + a * v
    out.store(tl.sum(acc, axis=1))


GEMV_CONFIGS = [tr.Config(bn=64, bk=256), tr.Config(bn=32, bk=512), tr.Config(bn=128, bk=128)]


@tr.autotune(configs=GEMV_CONFIGS, key=["out", "w"])
def _gemv(cfg: tr.Config, out: Tensor[Any], w: Tensor[Any], x: Tensor[Any]) -> Op:
    n, kk = w.shape
    bn, bk = min(cfg.bn, pow2(n)), min(cfg.bk, pow2(kk))
    return specialize(gemv_kernel, T=out.dtype)(out.partition((bn,)), w, x, bk)


@writes("out")
def gemv(
    out: Tensor[Any], w: Tensor[Any], x: Tensor[Any], *, config: tr.Config | None = None
) -> Op:
    """``out = w @ x``: ``w: [N, K]``, ``x: [K]``, ``out: [N]``, f16, bf16 or f32 (one dtype),
    accumulated in f32 (a block's rows times ``bk`` columns of products, summed once at the
    end)."""
    float_dtype("gemv", out, w, x)
    n, k = rank("gemv w", w, 2)
    shape("gemv x", x, (k,))
    shape("gemv out", out, (n,))
    return choose(_gemv, config, out, w, x)

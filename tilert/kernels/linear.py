"""``linear``: ``x @ w.T`` with ``w`` in the ``[out_features, in_features]`` layout checkpoints
store (torch's ``nn.Linear``), so a model's weights serve both the prompt's GEMMs and the
token step's GEMVs (which read ``w`` row by row) without a transposed copy. The persistent
grouped GEMM of ``matmul.py``, loading ``w``'s tiles as ``(bn, bk)`` and transposing them in
registers for ``tl.mma``."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor
from tilert.kernels._common import T, choose, float_dtype, rank, shape, specialize, writes
from tilert.ops import Op


def linear_persistent(
    c: Mutable[Tensor[T]], a: Shared[Tensor[T]], w: Shared[Tensor[T]], bk: Const[int]
) -> None:
    bm, bn = c.tile_shape
    for idx in c.tiles():
        i, j = idx
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(tl.cdiv(a.shape[1], bk)):
            wt = tl.transpose(w.load_tile((bn, bk), (j, k)))
            acc = tl.mma(a.load_tile((bm, bk), (i, k)), wt, acc)
        c.store(acc, at=idx)


# GEMM_CONFIGS' tilings, without the load-latency hints
LINEAR_CONFIGS = [
    tr.Config(bm=128, bn=128, bk=64, group=8, waves=1, occupancy=1),
    tr.Config(bm=128, bn=128, bk=64, group=8, waves=2, occupancy=2),
    tr.Config(bm=64, bn=64, bk=32, group=8, waves=2, occupancy=2),
]


@tr.autotune(configs=LINEAR_CONFIGS, key=["out", "x", "w"])
def _linear(cfg: tr.Config, out: Tensor[Any], x: Tensor[Any], w: Tensor[Any]) -> Op:
    m, n = out.shape
    tiles = -(-m // cfg.bm) * -(-n // cfg.bn)
    blocks = max(1, min(cfg.waves * tr.Device().sm_count, tiles))
    part = out.partition((cfg.bm, cfg.bn)).mapped(blocks=blocks, order=tr.grouped(cfg.group))
    k = specialize(linear_persistent, T=out.dtype).with_options(occupancy=cfg.occupancy)
    return k(part, x, w, cfg.bk)


@writes("out")
def linear(
    out: Tensor[Any], x: Tensor[Any], w: Tensor[Any], *, config: tr.Config | None = None
) -> Op:
    """``out = x @ w.T``: ``x: [M, K]``, ``w: [N, K]``, ``out: [M, N]``, f16, bf16 or f32 (one
    dtype), accumulated in f32 by ``tl.mma`` (f32 may run as TF32 on the GPU). Persistent
    and grouped as ``gemm``; tuned over ``LINEAR_CONFIGS`` per shape and dtype."""
    float_dtype("linear", out, x, w)
    m, k = rank("linear x", x, 2)
    n, k2 = rank("linear w", w, 2)
    if k2 != k:
        raise ValueError(f"linear: x is {m}x{k} but w is {n}x{k2} (w is [out, in])")
    shape("linear out", out, (m, n))
    return choose(_linear, config, out, x, w)


__all__ = ["LINEAR_CONFIGS", "linear"]

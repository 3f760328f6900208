"""The GEMM of ``gpu_bench_gemm.py`` written directly in cuda.tile, so a tuned tilert launch can
be compared with the same algorithm: persistent blocks walking the output tiles in grouped
(swizzled) order, as tilert's generated code for a mapped partition does. Needs a GPU."""

from __future__ import annotations

import functools
from typing import Any

import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]


@ct.kernel
def raw_gemm(
    c,
    a,
    b,
    bm: ct.Constant[int],
    bn: ct.Constant[int],
    bk: ct.Constant[int],
    group: ct.Constant[int],
):  # type: ignore[no-untyped-def]
    rows = ct.cdiv(c.shape[0], bm)
    cols = ct.cdiv(c.shape[1], bn)
    for t in range(ct.bid(0), rows * cols, ct.num_blocks(0)):
        per_group = group * cols
        first_row = (t // per_group) * group
        group_rows = ct.minimum(rows - first_row, group)
        i = first_row + (t % per_group) % group_rows
        j = (t % per_group) // group_rows
        acc = ct.zeros((bm, bn), ct.float32)
        for k in range(ct.cdiv(a.shape[1], bk)):
            ta = ct.load(a, index=(i, k), shape=(bm, bk), padding_mode=ct.PaddingMode.ZERO)
            tb = ct.load(b, index=(k, j), shape=(bk, bn), padding_mode=ct.PaddingMode.ZERO)
            acc = ct.mma(ta, tb, acc)
        ct.store(c, index=(i, j), tile=ct.astype(acc, c.dtype))


@ct.kernel
def raw_gemm_hinted(
    c,
    a,
    b,
    bm: ct.Constant[int],
    bn: ct.Constant[int],
    bk: ct.Constant[int],
    group: ct.Constant[int],
    latency: ct.Constant[int],
):  # type: ignore[no-untyped-def]
    rows = ct.cdiv(c.shape[0], bm)
    cols = ct.cdiv(c.shape[1], bn)
    for t in range(ct.bid(0), rows * cols, ct.num_blocks(0)):
        per_group = group * cols
        first_row = (t // per_group) * group
        group_rows = ct.minimum(rows - first_row, group)
        i = first_row + (t % per_group) % group_rows
        j = (t % per_group) // group_rows
        acc = ct.zeros((bm, bn), ct.float32)
        for k in range(ct.cdiv(a.shape[1], bk)):
            ta = ct.load(
                a,
                index=(i, k),
                shape=(bm, bk),
                padding_mode=ct.PaddingMode.ZERO,
                latency=latency,
            )
            tb = ct.load(
                b,
                index=(k, j),
                shape=(bk, bn),
                padding_mode=ct.PaddingMode.ZERO,
                latency=latency,
            )
            acc = ct.mma(ta, tb, acc)
        ct.store(c, index=(i, j), tile=ct.astype(acc, c.dtype))


@functools.cache
def _variant(hinted: bool, occupancy: int | None, num_ctas: int | None) -> Any:
    """One kernel object per options (``replace_hints`` makes a new one, with its own JIT
    cache: made once, it compiles once for every size)."""
    kernel = raw_gemm_hinted if hinted else raw_gemm
    options = {k: v for k, v in (("occupancy", occupancy), ("num_ctas", num_ctas)) if v}
    return kernel.replace_hints(**options) if options else kernel


def launcher(cfg: Any, blocks: int) -> tuple[Any, tuple[int, int, int], tuple[Any, ...]]:
    """(kernel, grid, constant arguments) of the raw kernel for one tilert config: the same
    tile shape, order, block count, load hints and ``ct.kernel`` options."""
    hinted = cfg.latency is not None
    kernel = _variant(hinted, cfg.occupancy, cfg.num_ctas)
    constants = (cfg.bm, cfg.bn, cfg.bk, cfg.group) + ((cfg.latency,) if hinted else ())
    return kernel, (blocks, 1, 1), constants

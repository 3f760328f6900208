"""The row kernels of ``gpu_bench_rows.py`` written directly in cuda.tile (needs a GPU)."""

from __future__ import annotations

import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]


@ct.kernel
def raw_softmax(out, x, bm: ct.Constant[int], n: ct.Constant[int]):  # type: ignore[no-untyped-def]
    i = ct.bid(0)
    row = ct.load(x, index=(i, 0), shape=(bm, n), padding_mode=ct.PaddingMode.ZERO)
    num = ct.exp(row - ct.max(row, axis=1, keepdims=True))
    ct.store(out, index=(i, 0), tile=num / ct.sum(num, axis=1, keepdims=True))


@ct.kernel
def raw_rmsnorm(out, x, w, eps, bm: ct.Constant[int], n: ct.Constant[int]):  # type: ignore[no-untyped-def]
    i = ct.bid(0)
    row = ct.load(x, index=(i, 0), shape=(bm, n), padding_mode=ct.PaddingMode.ZERO)
    mean_square = ct.sum(row * row, axis=1, keepdims=True) / n
    weight = ct.load(w, index=(0, 0), shape=(1, n), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, index=(i, 0), tile=row * ct.rsqrt(mean_square + eps) * weight)

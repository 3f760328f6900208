"""Batched matrix multiply, ``C[z] = A[z] @ B[z]``, written as a kernel: the output is
partitioned into ``(1, bm, bn)`` tiles, so the grid is (batch, row tiles, column tiles) and
each block owns one tile of one product. Tiles of the 3-d tensors are reshaped to 2-d for
``tl.mma`` and back for the store.

The library's tuned version is ``tk.bmm(out, a, b)`` (``import tilert.kernels as tk``,
docs/kernels.md)."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def batch_matmul(
    c: Mutable[Tensor[f32]], a: Shared[Tensor[f16]], b: Shared[Tensor[f16]], bk: Const[int]
) -> None:
    z, i, j = c.index
    _, bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    for k in range(tl.cdiv(a.shape[2], bk)):
        ta = tl.reshape(a.load_tile((1, bm, bk), (z, i, k)), (bm, bk))
        tb = tl.reshape(b.load_tile((1, bk, bn), (z, k, j)), (bk, bn))
        acc = tl.mma(ta, tb, acc)
    c.store(tl.reshape(acc, (1, bm, bn)))


def main() -> None:
    gpu = tr.Device().kind == "cuda"
    batch, m, n, k = (16, 512, 512, 512) if gpu else (3, 100, 80, 96)
    tile, bk = (64, 64) if gpu else (32, 32)
    rng = np.random.default_rng(6)
    a_np = rng.standard_normal((batch, m, k)).astype(np.float16)
    b_np = rng.standard_normal((batch, k, n)).astype(np.float16)
    c = tr.zeros((batch, m, n), dtype=f32)
    batch_matmul(c.partition((1, tile, tile)), tr.from_numpy(a_np), tr.from_numpy(b_np), bk).sync()
    expect = np.matmul(a_np.astype(np.float64), b_np.astype(np.float64))
    error = float(np.max(np.abs(c.to_numpy() - expect)))
    tol = 1e-5 * k  # f32 accumulation of k exact f16 products
    ok = error <= tol
    print(
        f"batch_matmul: {batch} x ({m}x{k} @ {k}x{n}) f16 -> f32 in {tile}x{tile} tiles: "
        f"max error {error:.1e} against numpy (tolerance {tol:.0e}): {'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"batch_matmul: max error {error:.1e} > {tol:.0e}")


if __name__ == "__main__":
    main()

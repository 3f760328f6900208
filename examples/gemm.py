"""GEMM, ``C = A @ B``, written as a kernel: each block owns one tile of C and walks K, loading a
tile of A and one of B at each step and accumulating their product with ``tl.mma`` in f32.
Shapes need not be multiples of the tiles: loads past an edge read 0, which adds nothing.

The library's tuned version, ``tk.gemm(out, a, b)`` (``import tilert.kernels as tk``,
docs/kernels.md), is this loop made persistent (examples/persistent_gemm.py), with its tiles and
launch options autotuned per shape."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def gemm(
    c: Mutable[Tensor[f32]], a: Shared[Tensor[f16]], b: Shared[Tensor[f16]], bk: Const[int]
) -> None:
    i, j = c.index
    bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    for k in range(tl.cdiv(a.shape[1], bk)):
        acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
    c.store(acc)


def main() -> None:
    gpu = tr.Device().kind == "cuda"
    m, n, k = (2048, 2048, 2048) if gpu else (256, 192, 320)
    tile, bk = (128, 64) if gpu else (64, 32)
    rng = np.random.default_rng(2)
    a_np = rng.standard_normal((m, k)).astype(np.float16)
    b_np = rng.standard_normal((k, n)).astype(np.float16)
    c = tr.zeros((m, n), dtype=f32)
    gemm(c.partition((tile, tile)), tr.from_numpy(a_np), tr.from_numpy(b_np), bk).sync()
    expect = a_np.astype(np.float64) @ b_np.astype(np.float64)
    error = float(np.max(np.abs(c.to_numpy() - expect)))
    tol = 1e-5 * k  # f32 accumulation of k exact f16 products
    ok = error <= tol
    print(
        f"gemm: ({m}x{k}) f16 @ ({k}x{n}) f16 -> f32 in {tile}x{tile} tiles: "
        f"max error {error:.1e} against numpy (tolerance {tol:.0e}): {'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"gemm: max error {error:.1e} > {tol:.0e}")


if __name__ == "__main__":
    main()

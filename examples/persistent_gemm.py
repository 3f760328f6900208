"""Persistent GEMM: instead of one block per output tile, launch about one block per SM (per
core under the interpreter) and let each walk many tiles. ``c.partition(tile).mapped(blocks=n,
order=tr.grouped(g))`` deals the tiles out: block ``b`` owns the tiles at positions ``b, b + n,
...`` of the order, and ``for idx in c.tiles():`` walks them, loading and storing with
``at=idx``. Grouped order visits ``g`` rows of tiles column by column, so blocks running at the
same time read the same rows of A and columns of B, which stay in the L2 cache.

This is the kernel behind the library's ``tk.gemm(out, a, b)`` (``import tilert.kernels as
tk``, docs/kernels.md), which also autotunes the tiles, the blocks per SM and the loads'
latency hint per shape."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def persistent_gemm(
    c: Mutable[Tensor[f32]], a: Shared[Tensor[f16]], b: Shared[Tensor[f16]], bk: Const[int]
) -> None:
    bm, bn = c.tile_shape
    for idx in c.tiles():  # the tiles this block owns, in the mapping's order
        i, j = idx
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(tl.cdiv(a.shape[1], bk)):
            acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
        c.store(acc, at=idx)


def main() -> None:
    device = tr.Device()
    gpu = device.kind == "cuda"
    m, n, k = (4096, 4096, 4096) if gpu else (200, 256, 160)
    tile, bk = (128, 64) if gpu else (32, 32)
    rng = np.random.default_rng(7)
    a_np = rng.standard_normal((m, k)).astype(np.float16)
    b_np = rng.standard_normal((k, n)).astype(np.float16)
    c = tr.zeros((m, n), dtype=f32)
    part = c.partition((tile, tile))
    tiles = part.num_tiles
    blocks = min(device.sm_count, tiles)
    op = persistent_gemm(part.mapped(blocks=blocks, order=tr.grouped(4)), a_np, b_np, bk)
    op.sync()  # numpy arrays go in as Shared inputs (uploaded under the GPU backend)
    expect = a_np.astype(np.float64) @ b_np.astype(np.float64)
    error = float(np.max(np.abs(c.to_numpy() - expect)))
    tol = 1e-5 * k  # f32 accumulation of k exact f16 products
    ok = error <= tol
    print(
        f"persistent_gemm: ({m}x{k}) @ ({k}x{n}) f16 -> f32, {tiles} tiles of {tile}x{tile} "
        f"walked by {blocks} blocks ({device.sm_count} {'SMs' if gpu else 'cores'}): "
        f"max error {error:.1e} against numpy (tolerance {tol:.0e}): {'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"persistent_gemm: max error {error:.1e} > {tol:.0e}")


if __name__ == "__main__":
    main()

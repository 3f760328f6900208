"""GEMM, C = A @ B: each block owns one tile of C and walks K, accumulating with mma in f32."""

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


def main(m: int = 256, n: int = 192, k: int = 320, tile: int = 64, bk: int = 32) -> None:
    rng = np.random.default_rng(2)
    a_np = rng.standard_normal((m, k)).astype(np.float16)
    b_np = rng.standard_normal((k, n)).astype(np.float16)
    a, b = tr.from_numpy(a_np), tr.from_numpy(b_np)
    c = tr.zeros((m, n), dtype=f32)
    gemm(c.partition((tile, tile)), a, b, bk).sync()
    expect = a_np.astype(np.float32) @ b_np.astype(np.float32)
    np.testing.assert_allclose(c.to_numpy(), expect, rtol=1e-3, atol=1e-2)
    print(f"gemm: ({m}x{k}) f16 @ ({k}x{n}) f16 -> f32 in {tile}x{tile} tiles: matches numpy")


if __name__ == "__main__":
    main()

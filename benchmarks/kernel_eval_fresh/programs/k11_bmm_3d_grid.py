"""Batched matmul over a 3-D grid taken from tl.bid (batch, row tile, column tile; the grid
comes from the output's partition), with a per-batch scale read from a tensor."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def bmm_scaled(
    c: Mutable[Tensor[f32]],
    a: Shared[Tensor[f16]],
    b: Shared[Tensor[f16]],
    scales: Shared[Tensor[f32]],
    bk: Const[int],
) -> None:
    z = tl.bid(0)
    i = tl.bid(1)
    j = tl.bid(2)
    _, bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    for kk in range(tl.num_tiles(a, 2, (1, bm, bk))):
        at = a.load_tile((1, bm, bk), (z, i, kk)).reshape((bm, bk))
        bt = b.load_tile((1, bk, bn), (z, kk, j)).reshape((bk, bn))
        acc = tl.mma(at, bt, acc)
    sc = scales.load_tile((1,), (z,))
    c.store((acc * sc.reshape((1, 1))).reshape((1, bm, bn)))


def main():
    rng = np.random.default_rng(11)
    B, M, N, K = 3, 50, 40, 72
    a = rng.standard_normal((B, M, K)).astype(np.float16)
    b = rng.standard_normal((B, K, N)).astype(np.float16)
    s = rng.random(B).astype(np.float32) + 0.5
    c = tr.zeros((B, M, N), dtype=f32)
    part = c.partition((1, 32, 16))
    bmm_scaled(part, tr.from_numpy(a), tr.from_numpy(b), tr.from_numpy(s), 16).sync()
    ref = np.matmul(a.astype(np.float64), b.astype(np.float64)) * s[:, None, None]
    err = np.abs(c.to_numpy() - ref).max()
    if not err < 1e-3:
        raise AssertionError(f"bmm err {err}")
    print("OK k11")


main()

"""Loops with carried state fed by values of other dtypes: an f32 total fed by sums of f16 chunks
(the sum of an f16 tile is an f16 tile, accumulated in f32 and rounded), an i32 count fed by
sums of bool_ masks, and an f32 mean of i32-divided values at the end (f32 / i32). Per row: the
mean of the positive entries and how many there are. (k23 has state whose own type changes.)"""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32, i32


@tr.kernel
def positive_mean(mean: Mutable[Tensor[f32]], count: Mutable[Tensor[i32]], x: Shared[Tensor[f16]], CH: Const[int]) -> None:
    r = mean.index[0]
    BM = mean.tile_shape[0]
    total = tl.zeros((BM, 1), tl.f32)
    n = tl.zeros((BM, 1), tl.i32)
    for c in range(tl.cdiv(x.shape[1], CH)):
        t = x.load_tile((BM, CH), (r, c))
        pos = t > 0
        total = total + tl.sum(tl.where(pos, t, 0.0), axis=1, keepdims=True)  # f16 + f32 -> f32
        n = n + tl.sum(pos, axis=1, keepdims=True)
    mean.store(total / tl.maximum(n, 1))
    count.store(n)


def main():
    rng = np.random.default_rng(22)
    R, C = 10, 300
    xs = rng.standard_normal((R, C)).astype(np.float16)
    mean = tr.empty((R, 1), dtype=f32)
    cnt = tr.empty((R, 1), dtype=i32)
    positive_mean(mean.partition((4, 1)), cnt.partition((4, 1)), tr.from_numpy(xs), 64).sync()
    x = xs.astype(np.float64)
    pos = x > 0
    ref_n = pos.sum(axis=1)
    ref_m = np.where(pos, x, 0).sum(axis=1) / np.maximum(ref_n, 1)
    e = np.abs(mean.to_numpy()[:, 0] - ref_m).max()
    if not (np.array_equal(cnt.to_numpy()[:, 0], ref_n) and e < 5e-3):
        raise AssertionError(f"count {cnt.to_numpy()[:, 0]} vs {ref_n}; mean err {e}")
    print("OK k22")


main()

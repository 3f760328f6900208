"""Top-1 with ties and NaN handling written as a custom tuple reduction: tl.reduce over
(value, index) pairs with a @tr.function combiner that keeps the larger value and, on a tie, the
smaller index; also the top-1 probability (max of the softmax) from the same row, and
tl.argmin for comparison on the negated row."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32, i32


@tr.function
def pick(v1: tl.Tile[f32], i1: tl.Tile[i32], v2: tl.Tile[f32], i2: tl.Tile[i32]):
    take2 = (v2 > v1) | ((v2 == v1) & (i2 < i1))
    return tl.where(take2, v2, v1), tl.where(take2, i2, i1)


@tr.kernel
def top1(idx: Mutable[Tensor[i32]], idx2: Mutable[Tensor[i32]], prob: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    BM = idx.tile_shape[0]
    r = idx.index[0]
    BN = 128
    t = x.load_tile((BM, BN), (r, 0))
    cols = tl.broadcast_to(tl.arange(BN)[None, :], (BM, BN))
    valid = cols < x.shape[1]
    t = tl.where(valid, t, float("-inf"))
    best_v, best_i = tl.reduce((t, cols), 1, pick, (float("-inf"), 2**31 - 1), keepdims=True)
    idx.store(best_i)
    idx2.store(tl.argmin(-t, axis=1, keepdims=True))
    den = tl.sum(tl.where(valid, tl.exp(t - best_v), 0.0), axis=1, keepdims=True)
    prob.store(1.0 / den)


def main():
    rng = np.random.default_rng(31)
    R, C = 11, 100
    x = (np.round(rng.standard_normal((R, C)) * 2) / 2).astype(np.float32)
    x[0] = 0.0
    x[1, 5] = x[1, 90] = 9.0
    idx = tr.empty((R, 1), dtype=i32)
    idx2 = tr.empty((R, 1), dtype=i32)
    prob = tr.empty((R, 1), dtype=f32)
    top1(idx.partition((4, 1)), idx2.partition((4, 1)), prob.partition((4, 1)), tr.from_numpy(x)).sync()
    ref = x.argmax(1)
    e = np.exp(x - x.max(1, keepdims=True))
    pref = (e / e.sum(1, keepdims=True)).max(1)
    ok = np.array_equal(idx.to_numpy()[:, 0], ref) and np.array_equal(idx2.to_numpy()[:, 0], ref)
    perr = np.abs(prob.to_numpy()[:, 0] - pref).max()
    if not (ok and perr < 1e-6):
        raise AssertionError(f"{idx.to_numpy()[:, 0]} / {idx2.to_numpy()[:, 0]} vs {ref}; prob err {perr}")
    print("OK k31")


main()

"""Greedy sampling: argmax over a vocabulary of 1000 per row, walked in chunks of 256 with the
best value and index carried through the loop (ties keep the first index), vocab padding masked
to -inf. Logits are rounded to a coarse grid so that ties happen, across chunks too."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32, i32


@tr.kernel
def argmax_rows(out: Mutable[Tensor[i32]], logits: Shared[Tensor[f32]], CH: Const[int]) -> None:
    r = out.index[0]
    bm = out.tile_shape[0]
    best_v = tl.full((bm,), float("-inf"), tl.f32)
    best_i = tl.zeros((bm,), tl.i32)
    V = logits.shape[1]
    for c in range(tl.cdiv(V, CH)):
        t = logits.load_tile((bm, CH), (r, c))
        col = c * CH + tl.arange(CH)
        t = tl.where(col[None, :] < V, t, float("-inf"))
        v = tl.max(t, axis=1)
        i = tl.argmax(t, axis=1) + c * CH
        better = v > best_v
        best_i = tl.where(better, i, best_i)
        best_v = tl.where(better, v, best_v)
    out.store(best_i.reshape((bm, 1)))


def main():
    rng = np.random.default_rng(16)
    R, V = 9, 1000
    x = np.round(rng.standard_normal((R, V)) * 2) / 2  # many ties
    x = x.astype(np.float32)
    x[3, :] = 1.0  # all equal: index 0
    x[4, 700] = x[4, 10] = 99.0  # tie across chunks
    x[5, 999] = 50.0  # the last real column
    out = tr.empty((R, 1), dtype=i32)
    argmax_rows(out.partition((4, 1)), tr.from_numpy(x), 256).sync()
    got = out.to_numpy()[:, 0]
    ref = x.argmax(axis=1)
    if not np.array_equal(got, ref):
        raise AssertionError(f"argmax {got} != {ref}")
    print("OK k16")


main()

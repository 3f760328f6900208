"""Row sums and column maxima of a ragged f32 matrix: reductions on either axis, a 2-D grid."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32

BM, BN = 16, 32


@tr.kernel
def row_sum(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], bn: Const[int]) -> None:
    # out: [rows, 1] partitioned (BM, 1); walk the columns in chunks of bn
    (i, _) = out.index
    bm = out.tile_shape[0]
    acc = tl.zeros((bm, 1), tl.f32)
    for j in range(tl.cdiv(x.shape[1], bn)):
        acc += tl.sum(x.load_tile((bm, bn), (i, j)), axis=1, keepdims=True)
    out.store(acc)


@tr.kernel
def col_max(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], bm: Const[int]) -> None:
    # out: [1, cols] partitioned (1, BN)
    _, j = out.index
    bn = out.tile_shape[1]
    best = tl.full((1, bn), float("-inf"), tl.f32)
    rows = tl.arange(bm)[:, None]
    for i in range(tl.cdiv(x.shape[0], bm)):
        t = x.load_tile((bm, bn), (i, j))
        t = tl.where(rows + i * bm < x.shape[0], t, float("-inf"))
        best = tl.maximum(best, tl.max(t, axis=0, keepdims=True))
    out.store(best)


def main():
    rng = np.random.default_rng(0)
    xs = rng.standard_normal((45, 77)).astype(np.float32) - 3.0  # negative: the padding must not win
    x = tr.from_numpy(xs)
    rs = tr.empty((45, 1), dtype=f32)
    cm = tr.empty((1, 77), dtype=f32)
    row_sum(rs.partition((BM, 1)), x, BN).sync()
    col_max(cm.partition((1, BN)), x, BM).sync()
    e1 = np.abs(rs.to_numpy()[:, 0] - xs.sum(axis=1)).max()
    e2 = np.abs(cm.to_numpy()[0] - xs.max(axis=0)).max()
    if not (e1 < 1e-4 and e2 == 0):
        raise AssertionError(f"row_sum err {e1}, col_max err {e2}")
    print("OK k01")


main()

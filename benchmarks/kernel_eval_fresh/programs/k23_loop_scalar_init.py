"""Carried loop state that starts as something else than it ends as, the way Python users write
it: `acc = 0.0` (a Python float) becoming an f32 tile on the first iteration; `hi = 0` becoming a
0-d i32 tile (a running max of tile maxima); a `best` tile started in f16 and updated with f32
values (promoted to f32 by the first iteration). Row sums, a global maximum and a row max."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32, i32


@tr.kernel
def stats(rsum: Mutable[Tensor[f32]], rmax: Mutable[Tensor[f32]], x: Shared[Tensor[f16]], CH: Const[int]) -> None:
    r = rsum.index[0]
    BM = rsum.tile_shape[0]
    acc = 0.0
    best = tl.full((BM, 1), -60000.0, tl.f16)
    for c in range(tl.cdiv(x.shape[1], CH)):
        t = x.load_tile((BM, CH), (r, c)).astype(tl.f32)
        acc = acc + tl.sum(t, axis=1, keepdims=True)
        cols = c * CH + tl.arange(CH)
        t = tl.where(cols[None, :] < x.shape[1], t, float("-inf"))
        best = tl.maximum(best, tl.max(t, axis=1, keepdims=True))
    rsum.store(acc)
    rmax.store(best)


@tr.kernel
def count_max(out: Mutable[Tensor[i32]], ids: Shared[Tensor[i32]], CH: Const[int]) -> None:
    hi = 0
    for c in range(tl.cdiv(ids.shape[0], CH)):
        hi = tl.maximum(hi, tl.max(ids.load_tile((CH,), (c,))))
    out.store(tl.reshape(hi, (1,)))


def main():
    rng = np.random.default_rng(23)
    R, C = 12, 200
    xs = (rng.standard_normal((R, C)) * 4).astype(np.float16)
    rs = tr.empty((R, 1), dtype=f32)
    rm = tr.empty((R, 1), dtype=f32)
    stats(rs.partition((4, 1)), rm.partition((4, 1)), tr.from_numpy(xs), 64).sync()
    x = xs.astype(np.float64)
    e1 = np.abs(rs.to_numpy()[:, 0] - x.sum(axis=1)).max()
    e2 = np.abs(rm.to_numpy()[:, 0] - x.max(axis=1)).max()
    ids = rng.integers(0, 5000, 300).astype(np.int32)
    o = tr.empty((1,), dtype=i32)
    count_max(o.partition((1,)), tr.from_numpy(ids), 128).sync()
    if not (e1 < 1e-3 and e2 == 0 and o.to_numpy()[0] == ids.max()):
        raise AssertionError(f"sum err {e1}, max err {e2}, id max {o.to_numpy()} vs {ids.max()}")
    print("OK k23")


main()

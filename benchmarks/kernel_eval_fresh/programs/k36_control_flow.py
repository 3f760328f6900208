"""Control flow as Python users write it in a kernel: a `while` loop with a counter, `break` out
of a `for` on a run-time condition, `continue`, an early `return` for blocks past the work, a
conditional expression on the block index, Python's min() on sizes, an `if` on a reduced tile
value (data-dependent), a descending range. Kernel: per row tile of x, count how many leading
column chunks have all entries positive (stopping at the first that does not), and scale the
tile by 2 if its total is positive."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32, i32


@tr.kernel
def leading_positive(cnt: Mutable[Tensor[i32]], x: Shared[Tensor[f32]], n_rows_tiles: int, CH: Const[int]) -> None:
    (r, _) = cnt.index
    BM = cnt.tile_shape[0]
    if r >= n_rows_tiles:
        return  # extra blocks do nothing (their tile keeps its old contents)
    n_chunks = min(x.shape[1] // CH, 8)
    count = 0
    for c in range(n_chunks):
        t = x.load_tile((BM, CH), (r, c))
        if tl.min(t) <= 0.0:
            break
        count += 1
    cnt.store(tl.full((BM, 1), count, tl.i32))


@tr.kernel
def scale_if_positive(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], CH: Const[int]) -> None:
    t = tl.load_tile_like(x, out)
    factor = 3.0 if out.index[0] == 0 else 2.0
    if tl.sum(t) > 0.0:
        t = t * factor
    # add 1 + 2 + 4 (every power of two except 8) with while/continue and a descending range
    k = 0
    acc = 0.0
    while k < 4:
        k += 1
        if k == 4:
            continue
        acc += 2.0 ** (k - 1)
    for i in range(2, -1, -1):
        acc += 0.0 * i
    out.store(t + acc)


def main():
    rng = np.random.default_rng(36)
    R, C, CH, BM = 12, 128, 16, 4
    x = rng.random((R, C)).astype(np.float32) + 0.1
    x[0:4, 40] = -1.0   # tile 0: chunks 0, 1 fully positive -> 2
    x[4:8, 3] = -1.0    # tile 1: 0
    # tile 2: all positive -> 8
    cnt = tr.full((16, 1), -7, dtype=i32)
    leading_positive(cnt.partition((BM, 1)), tr.from_numpy(x), R // BM, CH).sync()
    got = cnt.to_numpy()[:, 0]
    ref = np.array([2] * 4 + [0] * 4 + [8] * 4 + [-7] * 4)
    y = rng.standard_normal((3, 64)).astype(np.float32)
    y[2] = np.abs(y[2])
    o = tr.empty((3, 64), dtype=f32)
    scale_if_positive(o.partition((1, 64)), tr.from_numpy(y), CH).sync()
    ref2 = np.stack([y[i] * ((3.0 if i == 0 else 2.0) if y[i].sum() > 0 else 1.0) + 7.0 for i in range(3)])
    if not (np.array_equal(got, ref) and np.allclose(o.to_numpy(), ref2, atol=1e-6)):
        raise AssertionError(f"counts {got} vs {ref}; scale err {np.abs(o.to_numpy() - ref2).max()}")
    print("OK k36")


main()

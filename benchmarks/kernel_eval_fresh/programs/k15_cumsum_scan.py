"""Prefix sums along a row in chunks with a carried offset (an exclusive cumsum of i32 token
counts, as for MoE routing offsets) and a running max via tl.scan with a lambda; an inclusive
reverse cumsum of f16 along axis 0 accumulating in f32."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32, i32


@tr.kernel
def exclusive_cumsum_rows(out: Mutable[Tensor[i32]], x: Shared[Tensor[i32]], CH: Const[int]) -> None:
    # out [rows, n] partitioned (1, n_pow2) but written chunk by chunk through a local tile
    r = out.index[0]
    BN = out.tile_shape[1]
    carry = tl.zeros((1, 1), tl.i32)
    pieces = []
    for c in range(BN // CH):
        t = x.load_tile((1, CH), (r, c))
        inc = tl.cumsum(t, axis=1)
        pieces.append(inc - t + carry)
        carry = carry + tl.sum(t, axis=1, keepdims=True)
    out.store(tl.cat(pieces, axis=1))


@tr.kernel
def running_max(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, out)
    out.store(tl.scan(t, 1, lambda a, b: tl.maximum(a, b), float("-inf")))


@tr.kernel
def rev_cumsum_cols(out: Mutable[Tensor[f32]], x: Shared[Tensor[f16]]) -> None:
    t = tl.load_tile_like(x, out)
    out.store(tl.cumsum(t, axis=0, reverse=True))


def main():
    rng = np.random.default_rng(15)
    x = rng.integers(0, 50, (5, 64)).astype(np.int32)
    out = tr.empty((5, 64), dtype=i32)
    exclusive_cumsum_rows(out.partition((1, 64)), tr.from_numpy(x), 16).sync()
    ref = np.cumsum(x, axis=1) - x
    ok1 = np.array_equal(out.to_numpy(), ref)

    y = rng.standard_normal((6, 50)).astype(np.float32)
    o2 = tr.empty((6, 50), dtype=f32)
    running_max(o2.partition((2, 64)), tr.from_numpy(y)).sync()
    got = o2.to_numpy()
    ok2 = np.array_equal(got, np.maximum.accumulate(y, axis=1))

    z = rng.standard_normal((30, 8)).astype(np.float16)
    o3 = tr.empty((30, 8), dtype=f32)
    rev_cumsum_cols(o3.partition((32, 8)), tr.from_numpy(z)).sync()
    # tl.cumsum of an f16 tile is an f16 tile (accumulated in f32, rounded per element)
    ref3 = np.cumsum(z[::-1].astype(np.float64), axis=0)[::-1]
    err3 = np.abs(o3.to_numpy() - ref3).max()
    if not (ok1 and ok2 and err3 < 1e-2):
        raise AssertionError(f"cumsum {ok1}, running max {ok2}, reverse cumsum err {err3}")
    print("OK k15")


main()

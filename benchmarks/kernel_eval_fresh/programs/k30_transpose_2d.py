"""Out-of-place transpose of a ragged [70, 45] i16 matrix (and an f16 [B, S, H, D] -> [B, H, S, D]
head split with tl.permute of a 4-D tile): a 2-D and a 3-D grid, each block loading the mirrored
tile of the input."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, i16


@tr.kernel
def transpose2d(out: Mutable[Tensor[i16]], x: Shared[Tensor[i16]]) -> None:
    i, j = out.index
    bm, bn = out.tile_shape
    out.store(tl.transpose(x.load_tile((bn, bm), (j, i))))


@tr.kernel
def split_heads(out: Mutable[Tensor[f16]], x: Shared[Tensor[f16]]) -> None:
    # out: a [B * H, S, D] view of [B, H, S, D], partitioned (H, bs, D); x [B, S, H, D].
    # First written with out 4-D partitioned (1, H, bs, D): refused (partitions have rank 1 to 3)
    b, s, _ = out.index
    H, bs, D = out.tile_shape
    t = x.load_tile((1, bs, H, D), (b, s, 0, 0))
    out.store(tl.reshape(tl.permute(t, (0, 2, 1, 3)), (H, bs, D)))


def main():
    rng = np.random.default_rng(30)
    xs = rng.integers(-30000, 30000, (70, 45)).astype(np.int16)
    out = tr.empty((45, 70), dtype=i16)
    transpose2d(out.partition((16, 32)), tr.from_numpy(xs)).sync()
    ok1 = np.array_equal(out.to_numpy(), xs.T)
    B, S, H, D = 2, 13, 4, 16
    h = rng.standard_normal((B, S, H, D)).astype(np.float16)
    o2 = tr.empty((B, H, S, D), dtype=f16)
    split_heads(o2.reshape(B * H, S, D).partition((H, 8, D)), tr.from_numpy(h)).sync()
    ok2 = np.array_equal(o2.to_numpy(), h.transpose(0, 2, 1, 3))
    if not (ok1 and ok2):
        raise AssertionError(f"transpose {ok1}, split heads {ok2}")
    print("OK k30")


main()

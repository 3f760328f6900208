"""Tile surgery: a [rows, 64] tile cut into four 16-column slices with constant bounds (literals,
a module constant and Const arithmetic), the pieces permuted and joined back with a chain of
tl.cat (4 tiles, then pairs of pairs), tl.insert of a block, and
a half-swap along rows. Output: a fixed column permutation plus a row swap of each tile."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32

Q = 16


@tr.kernel
def shuffle(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], H: Const[int]) -> None:
    t = tl.load_tile_like(x, out)  # (BM, 64)
    a = t[:, 0:16]
    b = t[:, Q : 2 * Q]
    c = t[:, 2 * Q : 3 * Q]
    d = t[:, 48:64]
    mixed = tl.cat([d, c, b, a], axis=1)  # reverse the quarters
    pair = tl.cat([tl.cat([a, b], axis=1), tl.cat([c, d], axis=1)], axis=0)  # (2BM, 32)
    top = pair[0:H, :]
    # swap the two row halves of the tile
    swapped = tl.cat((mixed[H : 2 * H, :], mixed[0:H, :]), axis=0)
    # put the first 16 columns of the original top half (a's first rows) back into quarter 0
    out.store(tl.insert(swapped, (0, 0), top[:, 0:16]))


def main():
    rng = np.random.default_rng(25)
    R, C, BM = 40, 64, 8
    xs = rng.standard_normal((R, C)).astype(np.float32)
    out = tr.empty((R, C), dtype=f32)
    shuffle(out.partition((BM, C)), tr.from_numpy(xs), BM // 2).sync()
    xp = np.concatenate([xs, np.zeros((0, C), np.float32)])
    ref = np.empty_like(xs)
    H = BM // 2
    for r0 in range(0, R, BM):
        t = xp[r0 : r0 + BM]
        mixed = np.concatenate([t[:, 48:], t[:, 32:48], t[:, 16:32], t[:, :16]], axis=1)
        sw = np.concatenate([mixed[H:], mixed[:H]])
        sw[:H, :16] = t[:H, :16]
        ref[r0 : r0 + BM] = sw
    if not np.array_equal(out.to_numpy(), ref):
        raise AssertionError("shuffle mismatch")
    print("OK k25")


main()

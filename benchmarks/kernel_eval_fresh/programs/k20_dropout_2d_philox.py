"""Dropout on a 2-D [rows, cols] f16 activation with a 2-D grid: the Philox offset is the flat
element index row * cols + col (computed from the block's index), so the mask does not depend on
the tiling; checked against tl.rand written out by a 1-D kernel with another tiling, and a
randn sanity check of the mean/std."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, f32


@tr.kernel
def dropout2d(y: Mutable[Tensor[f16]], x: Shared[Tensor[f16]], p: float, seed: int) -> None:
    i, j = y.index
    BM, BN = y.tile_shape
    rows = i * BM + tl.arange(BM)
    cols = j * BN + tl.arange(BN)
    off = rows[:, None] * x.shape[1] + cols[None, :]
    r = tl.rand(seed, off)
    keep = r > p
    xv = tl.load_tile_like(x, y)
    y.store(tl.where(keep, xv.astype(tl.f32) * (1.0 / (1.0 - p)), 0.0))


@tr.kernel
def uniforms(u: Mutable[Tensor[f32]], n: Mutable[Tensor[f32]], seed: int) -> None:
    B = u.tile_shape[0]
    off = u.index[0] * B + tl.arange(B)
    u.store(tl.rand(seed, off))
    n.store(tl.randn(seed, off))


def main():
    rng = np.random.default_rng(20)
    R, C, p, seed = 37, 53, 0.3, 987654
    xs = rng.standard_normal((R, C)).astype(np.float16)
    y = tr.empty((R, C), dtype=f16)
    dropout2d(y.partition((16, 32)), tr.from_numpy(xs), p, seed).sync()
    u = tr.empty((R * C,), dtype=f32)
    nn = tr.empty((R * C,), dtype=f32)
    uniforms(u.partition((512,)), nn.partition((512,)), seed).sync()
    uu = u.to_numpy().reshape(R, C)
    ref = np.where(uu > p, (xs.astype(np.float32) * np.float32(1 / (1 - p))), 0).astype(np.float16)
    got = y.to_numpy()
    same_mask = np.array_equal(got == 0, (uu <= p) | (xs == 0))
    err = np.abs(got.astype(np.float32) - ref.astype(np.float32)).max()
    z = nn.to_numpy()
    stats_ok = abs(z.mean()) < 0.1 and abs(z.std() - 1) < 0.1 and (uu >= 0).all() and (uu < 1).all()
    if not (same_mask and err < 2e-3 and stats_ok):
        raise AssertionError(f"mask {same_mask}, err {err}, randn mean {z.mean()}, std {z.std()}")
    print("OK k20")


main()

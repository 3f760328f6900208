"""Scalars of several types into one kernel: float (f32 on the launch), int (i32), bool, a
dtype-annotated f16 and i64, Const[int], Const[float] and Const[bool] (a compile-time branch), with
tl.static_assert on the tile shape, the dtype and a Const. Out = clamp(x * alpha + shift) with
an optional ReLU, a column offset from an i64 scalar, and a run-time bool choosing a sign."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32, i64


@tr.kernel
def affine(
    out: Mutable[Tensor[f32]],
    x: Shared[Tensor[f16]],
    alpha: float,
    shift: tl.f16,
    n_valid: int,
    negate: bool,
    base: i64,
    BLOCK: Const[int],
    CLAMP: Const[float],
    RELU: Const[bool],
) -> None:
    tl.static_assert(out.tile_shape[0] == BLOCK, "partition tile must be BLOCK")
    tl.static_assert(BLOCK % 32 == 0)
    tl.static_assert(x.dtype == tl.f16, "x must be f16")
    (i,) = out.index
    idx = i * BLOCK + tl.arange(BLOCK)
    v = tl.load_tile_like(x, out).astype(tl.f32) * alpha + shift
    if RELU:
        v = tl.maximum(v, 0.0)
    v = tl.minimum(v, CLAMP)
    if negate:
        v = -v
    # the element's global index plus an i64 base, as a float, where valid
    gidx = (idx.astype(tl.i64) + base).astype(tl.f32)
    out.store(tl.where(idx < n_valid, v + gidx * 1e-12, -1.0))


def main():
    rng = np.random.default_rng(26)
    n = 300
    xs = rng.standard_normal(n).astype(np.float16)
    o1 = tr.empty((n,), dtype=f32)
    o2 = tr.empty((n,), dtype=f32)
    base = 2**33
    affine(o1.partition((128,)), tr.from_numpy(xs), 1.5, 0.25, 250, False, base, 128, 2.0, True).sync()
    affine(o2.partition((128,)), tr.from_numpy(xs), 1.5, 0.25, 250, True, base, 128, 2.0, False).sync()
    x = xs.astype(np.float32)
    idx = np.arange(n)
    g = (idx.astype(np.int64) + base).astype(np.float32) * np.float32(1e-12)
    r1 = np.where(idx < 250, np.minimum(np.maximum(x * 1.5 + 0.25, 0), 2.0) + g, -1.0)
    r2 = np.where(idx < 250, -np.minimum(x * 1.5 + 0.25, 2.0) + g, -1.0)
    e1 = np.abs(o1.to_numpy() - r1).max()
    e2 = np.abs(o2.to_numpy() - r2).max()
    if not (e1 < 1e-6 and e2 < 1e-6):
        raise AssertionError(f"relu variant err {e1}, negated err {e2}")
    print("OK k26")


main()

"""SwiGLU: out = silu(gate) * up from a fused [rows, 2n] projection with n = 300 (not a power of
two, so the up half is not tile-aligned: loaded with tl.gather at element offsets)."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16


@tr.kernel
def swiglu(out: Mutable[Tensor[f16]], gu: Shared[Tensor[f16]]) -> None:
    i, j = out.index
    bm, bn = out.tile_shape
    n = out.shape[1]
    rows = tl.arange(bm) + i * bm
    cols = tl.arange(bn) + j * bn
    inb = (rows[:, None] < out.shape[0]) & (cols[None, :] < n)
    g = tl.gather(gu, (rows[:, None], cols[None, :]), mask=inb).astype(tl.f32)
    u = tl.gather(gu, (rows[:, None], cols[None, :] + n), mask=inb).astype(tl.f32)
    out.store(g * tl.sigmoid(g) * u)


def main():
    rng = np.random.default_rng(6)
    R, N = 13, 300
    gus = rng.standard_normal((R, 2 * N)).astype(np.float16)
    out = tr.empty((R, N), dtype=f16)
    swiglu(out.partition((8, 64)), tr.from_numpy(gus)).sync()
    g = gus[:, :N].astype(np.float64)
    u = gus[:, N:].astype(np.float64)
    ref = g / (1 + np.exp(-g)) * u
    err = np.abs(out.to_numpy().astype(np.float64) - ref).max()
    if not err < 1e-2:
        raise AssertionError(f"swiglu err {err}")
    print("OK k06")


main()

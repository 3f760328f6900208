"""Module-level configuration as users keep it: the compute dtype in a global (ACC = tl.f32,
OUT = tl.bf16), polynomial coefficients in a module-level numpy array (indexed with constant
ints in the kernel), a tuple of constants, a walrus in an expression, and float() of the block
index. Kernel: exp(x) on [-1, 1] by a degree-6 Taylor polynomial (Horner), plus the block's
index as a per-tile offset; a second kernel converts through a dtype named by a global."""
import math

import ml_dtypes
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, bf16, f32

ACC = tl.f32
OUT = tl.bf16
COEFS = np.array([1 / math.factorial(k) for k in range(7)], dtype=np.float64)
CLIP = (-1.0, 1.0)


@tr.kernel
def poly_exp(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    v = tl.minimum(tl.maximum(tl.load_tile_like(x, y).astype(ACC), CLIP[0]), CLIP[1])
    acc = tl.full(y.tile_shape, COEFS[6], ACC)
    acc = acc * v + COEFS[5]
    acc = acc * v + COEFS[4]
    acc = acc * v + COEFS[3]
    acc = acc * v + COEFS[2]
    acc = acc * v + COEFS[1]
    acc = acc * v + COEFS[0]
    off = float(y.index[0])
    y.store((r := acc) + off * 0.0 + r * 0.0)


@tr.kernel
def to_out(y: Mutable[Tensor[bf16]], x: Shared[Tensor[f32]]) -> None:
    y.store(tl.load_tile_like(x, y).astype(OUT))


def main():
    rng = np.random.default_rng(41)
    n = 500
    xs = rng.uniform(-1.2, 1.2, n).astype(np.float32)
    y = tr.empty((n,), dtype=f32)
    poly_exp(y.partition((128,)), tr.from_numpy(xs)).sync()
    ref = np.exp(np.clip(xs.astype(np.float64), -1, 1))
    err = np.abs(y.to_numpy() - ref).max()
    yb = tr.empty((n,), dtype=bf16)
    to_out(yb.partition((128,)), y).sync()
    errb = np.abs(yb.to_numpy().astype(np.float64) - y.to_numpy().astype(ml_dtypes.bfloat16).astype(np.float64)).max()
    if not (err < 3e-4 and errb == 0):
        raise AssertionError(f"poly err {err}, bf16 convert err {errb}")
    print("OK k41")


main()

"""LayerNorm in bf16 storage with f32 accumulation (biased variance), weight and bias, rows not
a multiple of the block, columns not a power of two."""
import ml_dtypes
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, bf16

EPS = 1e-5


@tr.kernel
def layernorm(
    y: Mutable[Tensor[bf16]],
    x: Shared[Tensor[bf16]],
    w: Shared[Tensor[bf16]],
    b: Shared[Tensor[bf16]],
) -> None:
    BM, BN = y.tile_shape
    n = x.shape[1]
    xt = tl.astype(tl.load_tile_like(x, y), tl.f32)
    mask = tl.arange(BN)[None, :] < n
    mean = tl.sum(xt, axis=1, keepdims=True) / n
    xc = tl.where(mask, xt - mean, 0.0)
    var = tl.sum(xc * xc, axis=1, keepdims=True) / n
    rstd = 1.0 / tl.sqrt(var + EPS)
    wt = tl.astype(w.load_tile((BN,), (0,)), tl.f32)
    bt = tl.astype(b.load_tile((BN,), (0,)), tl.f32)
    y.store(xc * rstd * wt[None, :] + bt[None, :])


def main():
    rng = np.random.default_rng(3)
    R, C = 19, 200
    bf = ml_dtypes.bfloat16
    xs = (rng.standard_normal((R, C)) * 2 + 1).astype(bf)
    ws = (1 + 0.1 * rng.standard_normal(C)).astype(bf)
    bs = (0.1 * rng.standard_normal(C)).astype(bf)
    y = tr.empty((R, C), dtype=bf16)
    layernorm(y.partition((4, 256)), tr.from_numpy(xs), tr.from_numpy(ws), tr.from_numpy(bs)).sync()
    x64 = xs.astype(np.float64)
    mu = x64.mean(axis=1, keepdims=True)
    var = x64.var(axis=1, keepdims=True)
    ref = (x64 - mu) / np.sqrt(var + EPS) * ws.astype(np.float64) + bs.astype(np.float64)
    err = np.abs(y.to_numpy().astype(np.float64) - ref).max()
    if not err < 3e-2:  # bf16 output: 8 bits of mantissa on values up to ~4
        raise AssertionError(f"layernorm err {err}")
    print("OK k03")


main()

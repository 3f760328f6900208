"""x @ W.T with W stored [N, K] as checkpoints store it (a transposed tile in the kernel), bf16
inputs, SiLU epilogue, bf16 out; uses the `@` operator on f32 tiles in a second, smaller kernel
(a gate projection's reference path) too."""
import ml_dtypes
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, bf16, f32


@tr.kernel
def linear_silu(y: Mutable[Tensor[bf16]], x: Shared[Tensor[bf16]], w: Shared[Tensor[bf16]], BK: Const[int]) -> None:
    m, n = y.index
    BM, BN = y.tile_shape
    acc = tl.zeros((BM, BN), tl.f32)
    for k in range(tl.cdiv(x.shape[1], BK)):
        xa = x.load_tile((BM, BK), (m, k))
        wb = w.load_tile((BN, BK), (n, k))
        acc = tl.mma(xa, tl.transpose(wb), acc)
    y.store(acc * tl.sigmoid(acc))


@tr.kernel
def small_matmul(c: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]]) -> None:
    BM, BN = c.tile_shape
    K = 32  # whole K in one tile
    i, j = c.index
    c.store(a.load_tile((BM, K), (i, 0)) @ b.load_tile((K, BN), (0, j)))


def main():
    rng = np.random.default_rng(10)
    bf = ml_dtypes.bfloat16
    M, N, K = 40, 48, 80
    xs = rng.standard_normal((M, K)).astype(bf)
    ws = (rng.standard_normal((N, K)) / 8).astype(bf)
    y = tr.empty((M, N), dtype=bf16)
    linear_silu(y.partition((16, 32)), tr.from_numpy(xs), tr.from_numpy(ws), 32).sync()
    z = xs.astype(np.float64) @ ws.astype(np.float64).T
    ref = z / (1 + np.exp(-z))
    err = np.abs(y.to_numpy().astype(np.float64) - ref).max()
    a = rng.standard_normal((20, 32)).astype(np.float32)
    b = rng.standard_normal((32, 24)).astype(np.float32)
    c = tr.empty((20, 24), dtype=f32)
    small_matmul(c.partition((16, 16)), tr.from_numpy(a), tr.from_numpy(b)).sync()
    err2 = np.abs(c.to_numpy() - a.astype(np.float64) @ b).max()
    # f32 `@` may run as TF32 on the GPU: 10 bits of mantissa over K=32
    if not (err < 3e-2 and err2 < 5e-2):
        raise AssertionError(f"linear_silu err {err}, matmul err {err2}")
    print("OK k10")


main()

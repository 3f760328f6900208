"""FP8 GEMM (DeepSeek/Hopper style): A and B in f8e4m3fn with per-tensor scales, tl.mma straight
from the f8 tiles into an f32 accumulator, the scales applied in the epilogue, an f16 output."""
import ml_dtypes
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f8e4m3fn, f16


@tr.kernel
def fp8_gemm(c: Mutable[Tensor[f16]], a: Shared[Tensor[f8e4m3fn]], b: Shared[Tensor[f8e4m3fn]],
             sa: float, sb: float, BK: Const[int]) -> None:
    BM, BN = c.tile_shape
    m, n = c.index
    acc = tl.zeros((BM, BN), tl.f32)
    for k in range(tl.cdiv(a.shape[1], BK)):
        acc = tl.mma(a.load_tile((BM, BK), (m, k)), b.load_tile((BK, BN), (k, n)), acc)
    c.store(acc * (sa * sb))


def main():
    rng = np.random.default_rng(33)
    f8 = ml_dtypes.float8_e4m3fn
    M, N, K = 48, 80, 100
    a32 = rng.standard_normal((M, K)).astype(np.float32) * 3
    b32 = rng.standard_normal((K, N)).astype(np.float32) * 0.2
    sa = float(np.abs(a32).max() / 448)
    sb = float(np.abs(b32).max() / 448)
    a8 = (a32 / sa).astype(f8)
    b8 = (b32 / sb).astype(f8)
    c = tr.empty((M, N), dtype=f16)
    fp8_gemm(c.partition((16, 32)), tr.from_numpy(a8), tr.from_numpy(b8), sa, sb, 32).sync()
    ref = (a8.astype(np.float64) @ b8.astype(np.float64)) * np.float32(sa) * np.float32(sb)
    err = np.abs(c.to_numpy().astype(np.float64) - ref).max() / (np.abs(ref).max())
    if not err < 2e-3:
        raise AssertionError(f"fp8 gemm rel err {err}")
    print("OK k33")


main()

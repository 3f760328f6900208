"""Persistent GEMM with a grouped tile order over a mapped partition (few blocks walk all
tiles), bf16 in, f32 accumulation, bias + GELU(erf) epilogue, a bf16 output; M, N, K ragged."""
import math

import ml_dtypes
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, bf16

INV_SQRT2 = 1.0 / math.sqrt(2.0)


@tr.kernel
def gemm_bias_gelu(c: Mutable[Tensor[bf16]], a: Shared[Tensor[bf16]], b: Shared[Tensor[bf16]],
                   bias: Shared[Tensor[bf16]], BK: Const[int]) -> None:
    BM, BN = c.tile_shape
    k_tiles = tl.cdiv(a.shape[1], BK)
    for tile in c.tiles():
        pm, pn = tile
        acc = tl.zeros((BM, BN), tl.f32)
        for kk in range(k_tiles):
            acc = tl.mma(a.load_tile((BM, BK), (pm, kk)), b.load_tile((BK, BN), (kk, pn)), acc)
        acc += bias.load_tile((BN,), (pn,)).astype(tl.f32)[None, :]
        acc = 0.5 * acc * (1.0 + tl.erf(acc * INV_SQRT2))
        c.store(acc, at=tile)


def main():
    rng = np.random.default_rng(27)
    bf = ml_dtypes.bfloat16
    M, N, K = 100, 72, 90
    a = rng.standard_normal((M, K)).astype(bf)
    b = (rng.standard_normal((K, N)) / 8).astype(bf)
    bias = rng.standard_normal(N).astype(bf)
    c = tr.empty((M, N), dtype=bf16)
    part = c.partition((32, 32))
    gemm_bias_gelu(part.mapped(blocks=3, order=tr.grouped(2)), tr.from_numpy(a), tr.from_numpy(b),
                   tr.from_numpy(bias), 32).sync()
    z = a.astype(np.float64) @ b.astype(np.float64) + bias.astype(np.float64)
    from math import erf
    ref = 0.5 * z * (1 + np.vectorize(erf)(z / math.sqrt(2)))
    err = np.abs(c.to_numpy().astype(np.float64) - ref).max()
    if not err < 3e-2:
        raise AssertionError(f"persistent gemm err {err}")
    print("OK k27")


main()

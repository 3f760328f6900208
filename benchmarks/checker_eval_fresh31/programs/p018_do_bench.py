"""Benchmark a few GEMM shapes with tr.testing.do_bench and report TFLOP/s."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SHAPES = [(32, 64, 32), (64, 64, 64), (64, 128, 32)]


def bench_gemm(m: int, k: int, n: int) -> float:
    rng = np.random.default_rng(m * n)
    a = tr.from_numpy(rng.standard_normal((m, k)).astype(np.float32))
    b = tr.from_numpy(rng.standard_normal((k, n)).astype(np.float32))
    c = tr.empty((m, n))
    ms = tr.testing.do_bench(lambda: tk.gemm(c, a, b))
    return 2 * m * n * k / (ms * 1e-3) / 1e12


def main() -> None:
    for m, k, n in SHAPES:
        print(f"gemm {m}x{k}x{n}: {bench_gemm(m, k, n):.4f} TFLOP/s")


main()

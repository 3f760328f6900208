"""Micro-benchmark of a GEMM: warm up, then time twenty runs."""

import time

import numpy as np

import tilert as tr
import tilert.kernels as tk


def bench_gemm(m: int, n: int, k: int, iters: int = 20) -> float:
    a = tr.from_numpy(np.ones((m, k), dtype=np.float32))
    b = tr.from_numpy(np.ones((k, n), dtype=np.float32))
    c = tr.empty((m, n))
    op = tk.gemm(c, a, b)
    op.sync()  # warm-up (and autotune on the GPU)
    start = time.perf_counter()
    for _ in range(iters):
        op.sync()  # expect: TC110
    return (time.perf_counter() - start) / iters * 1e3


print(f"{bench_gemm(64, 64, 64):.3f} ms")

"""Benchmark the library GEMM against numpy with tr.testing.do_bench."""

import time

import numpy as np

import tilert as tr
import tilert.kernels as tk

M, K, N = 64, 64, 64
rng = np.random.default_rng(0)
a_np = rng.standard_normal((M, K)).astype(np.float32)
b_np = rng.standard_normal((K, N)).astype(np.float32)
a, b = tr.from_numpy(a_np), tr.from_numpy(b_np)
c = tr.empty((M, N), dtype=tr.f32)

ms = tr.testing.do_bench(lambda: tk.gemm(c, a, b))
t0 = time.perf_counter()
ref = a_np @ b_np
np_ms = (time.perf_counter() - t0) * 1e3
err = float(np.abs(c.to_numpy() - ref).max())
print(f"tilert gemm {ms:.3f} ms, numpy {np_ms:.3f} ms, max abs error {err:.2e}")

"""Repeated squaring for a power of a transition matrix in a benchmark setup: two buffers
ping-pong, each GEMM reading one and writing the other."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

N = 64
rng = np.random.default_rng(46)
m = rng.random((N, N)).astype(np.float32)
m /= m.sum(axis=1, keepdims=True)
src = tr.from_numpy(m, name="transition")
dst = tr.empty((N, N), name="scratch")

for _ in range(3):
    tk.gemm(dst, src, src).sync()
    src, dst = dst, src
np.testing.assert_allclose(src.to_numpy().sum(axis=1), 1.0, rtol=1e-3)
print(src.to_numpy().sum(axis=1)[:4])

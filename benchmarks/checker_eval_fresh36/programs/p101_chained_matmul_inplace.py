"""Repeated squaring for a power of a transition matrix in a benchmark setup: the result of each
GEMM is written back into its own input."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

N = 64
rng = np.random.default_rng(46)
m = rng.random((N, N)).astype(np.float32)
m /= m.sum(axis=1, keepdims=True)
power = tr.from_numpy(m, name="transition")

for _ in range(3):
    tk.gemm(power, power, power).sync()  # expect: TC101
print(power.to_numpy().sum(axis=1)[:4])

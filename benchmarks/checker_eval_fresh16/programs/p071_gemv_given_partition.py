"""A user used to llmquill's kernels partitions the output before handing it to tk.gemv."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(6)
w = tr.from_numpy(rng.standard_normal((32, 16)).astype(np.float32))
x = tr.from_numpy(rng.standard_normal(16).astype(np.float32))
y = tr.empty((32,))
tk.gemv(y.partition((8,)), w, x).sync()  # expect: TC106
print(y.to_numpy()[:4])

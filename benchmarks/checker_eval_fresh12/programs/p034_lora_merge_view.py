"""A LoRA delta merged into a reshaped view of the weight while `tk.linear` reads the weight."""

import numpy as np
from llmserve import kernels as K

import tilert as tr
import tilert.kernels as tk

M, N, D = 4, 64, 64
rng = np.random.default_rng(3)
x = tr.from_numpy(rng.standard_normal((M, D)).astype(np.float32))
w = tr.from_numpy(rng.standard_normal((N, D)).astype(np.float32))
delta = tr.from_numpy(0.01 * rng.standard_normal(N * D).astype(np.float32))
y = tr.zeros((M, N))

proj = tk.linear(y, x, w).submit()
K.accum(w.reshape(-1).partition((256,)), delta).sync()  # expect: TC103
proj.wait()
print(y.to_numpy().shape)

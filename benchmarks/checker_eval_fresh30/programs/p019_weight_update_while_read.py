"""A training step: forward GEMM submitted, then the optimizer updates the weights in place."""

import numpy as np
from llmquill import axpy

import tilert as tr
import tilert.kernels as tk

B, D = 8, 64
rng = np.random.default_rng(4)
x = tr.from_numpy(rng.standard_normal((B, D)).astype(np.float32))
w = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32))
w_grad = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32))
y = tr.empty((B, D))

fwd = tk.gemm(y, x, w).submit()
w_flat, g_flat = w.reshape(D * D), w_grad.reshape(D * D)
axpy(w_flat.partition((1024,)), g_flat, -1e-3).sync()  # expect: TC103
fwd.wait()
print(y.to_numpy().shape)

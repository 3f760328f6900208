"""Post-attention: residual += attn_out, then normed = rmsnorm(residual), in one library call."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D = 4, 256

rng = np.random.default_rng(21)
residual = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32))
attn_out = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32))
weight = tr.from_numpy(np.ones(D, dtype=np.float32))
normed = tr.empty((T, D), name="normed")
tk.rmsnorm(normed, attn_out, weight, 1e-6, residual=residual).sync()
print(float(residual.to_numpy()[0, 0]), float(normed.to_numpy()[0, 0]))

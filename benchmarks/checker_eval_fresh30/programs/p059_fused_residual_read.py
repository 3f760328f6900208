"""Fused residual-add + RMSNorm; the residual stream is logged before the op completes."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D = 4, 128
rng = np.random.default_rng(41)
residual = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32), name="residual")
attn_out = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32))
norm_w = tr.ones((D,))
normed = tr.empty((T, D))

pending = tk.rmsnorm(normed, attn_out, norm_w, eps=1e-6, residual=residual).submit()
print("residual rms", float(np.sqrt((residual.to_numpy() ** 2).mean())))  # expect: TC102
pending.wait()
print("normed rms", float(np.sqrt((normed.to_numpy() ** 2).mean())))

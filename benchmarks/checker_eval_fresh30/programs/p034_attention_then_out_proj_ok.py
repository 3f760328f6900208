"""Causal self-attention followed by the output projection, run one after the other."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

B, H, S, DH = 1, 2, 16, 32
rng = np.random.default_rng(13)
q, k, v = (tr.from_numpy(rng.standard_normal((B, H, S, DH)).astype(np.float32)) for _ in range(3))
w_out = tr.from_numpy(rng.standard_normal((H * DH, H * DH)).astype(np.float32))
o = tr.empty((B, H, S, DH))
y = tr.empty((S, H * DH))

tk.attention(o, q, k, v, causal=True).sync()
o2d = o.permute(0, 2, 1, 3).contiguous().reshape(S, H * DH)
tk.gemm(y, o2d, w_out).sync()
print(y.to_numpy().shape, bool(np.isfinite(y.to_numpy()).all()))

"""Residual connection through the fused norm: rmsnorm(out, x, w, residual=res) adds `x` into
the residual in place and normalizes the sum, with no tensor passed twice."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HIDDEN = 8, 64
rng = np.random.default_rng(10)
residual = tr.from_numpy(rng.standard_normal((SEQ, HIDDEN)).astype(np.float32))
w_o = tr.from_numpy((rng.standard_normal((HIDDEN, HIDDEN)) * 0.05).astype(np.float32))
attn_out = tr.from_numpy(rng.standard_normal((SEQ, HIDDEN)).astype(np.float32))
norm_w = tr.ones((HIDDEN,))
proj = tr.empty((SEQ, HIDDEN))
normed = tr.empty((SEQ, HIDDEN))

tk.linear(proj, attn_out, w_o).sync()
tk.rmsnorm(normed, proj, norm_w, residual=residual).sync()
print(residual.to_numpy().mean(), normed.to_numpy().std())

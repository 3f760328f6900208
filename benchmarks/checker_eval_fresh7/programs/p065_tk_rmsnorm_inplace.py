"""Pre-norm residual block using the kernel library: the author normalizes the hidden state
"in place" by passing the same tensor as output and input."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(1)
hidden = tr.from_numpy(rng.standard_normal((4, 64)).astype(np.float32), name="hidden")
norm_w = tr.ones((64,), name="ln_w")
w_out = tr.from_numpy(rng.standard_normal((64, 64)).astype(np.float32) / 8)
proj = tr.zeros((64,), name="proj")

tk.rmsnorm(hidden, hidden, norm_w, eps=1e-6).sync()  # expect: TC101
tk.gemv(proj, w_out, hidden[0]).sync()

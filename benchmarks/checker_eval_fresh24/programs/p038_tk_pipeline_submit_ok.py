"""Norm then projection, both submitted back to back (the second reads what the first writes)."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN, OUT = 16, 256, 128

rng = np.random.default_rng(9)
x = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
w = tr.from_numpy(np.ones(HIDDEN, dtype=np.float32))
w_proj = tr.from_numpy((rng.standard_normal((HIDDEN, OUT)) * 0.1).astype(np.float32))
normed = tr.empty((TOKENS, HIDDEN), name="normed")
proj = tr.empty((TOKENS, OUT), name="proj")
p_norm = tk.rmsnorm(normed, x, w).submit()
p_proj = tk.gemm(proj, normed, w_proj).submit()
p_norm.wait()
p_proj.wait()
print(proj.to_numpy()[0, :4])

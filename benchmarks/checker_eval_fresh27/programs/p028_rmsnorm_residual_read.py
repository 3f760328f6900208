"""A pre-norm sub-block: the residual stream is logged while the fused norm still updates it."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN = 16, 128
rng = np.random.default_rng(0)
x = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
residual = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
norm_w = tr.ones((HIDDEN,))
normed = tr.empty((TOKENS, HIDDEN))

pending = tk.rmsnorm(normed, x, norm_w, eps=1e-6, residual=residual).submit()
print("residual norm:", float(np.linalg.norm(residual.to_numpy())))  # expect: TC102
pending.wait()
print(normed.to_numpy()[0, :4])

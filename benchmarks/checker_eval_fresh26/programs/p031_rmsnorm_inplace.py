"""Pre-norm before the attention block, with the library's RMSNorm."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN = 32, 256
rng = np.random.default_rng(0)

hidden = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
norm_w = tr.from_numpy((1 + 0.1 * rng.standard_normal(HIDDEN)).astype(np.float32))

# normalize in place to save a buffer
tk.rmsnorm(hidden, hidden, norm_w, eps=1e-6).sync()  # expect: TC101
print(hidden.to_numpy()[0, :4])

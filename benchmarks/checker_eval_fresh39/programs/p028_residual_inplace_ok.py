"""A transformer block's residual connection done in place with an axpy kernel (y += 1.0 * x),
which reads its output tile through the partition itself."""

import numpy as np
from servekit import axpy

import tilert as tr
import tilert.kernels as tk

TOKENS, DIM = 4, 32

rng = np.random.default_rng(2)
hidden = tr.from_numpy(rng.standard_normal((TOKENS, DIM)).astype(np.float32))
w_out = tr.from_numpy((rng.standard_normal((DIM, DIM)) / 8).astype(np.float32))
attn_out = tr.empty((TOKENS, DIM))

tk.linear(attn_out, hidden, w_out).sync()
axpy(hidden.partition((1, DIM)), attn_out, 1.0).sync()
print(hidden.to_numpy()[0, :3])

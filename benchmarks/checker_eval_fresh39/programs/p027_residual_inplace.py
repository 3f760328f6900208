"""A transformer block's residual connection written as an in-place add: the hidden state is
both the output partition and an input of the same launch."""

import numpy as np
from servekit import add

import tilert as tr
import tilert.kernels as tk

TOKENS, DIM = 4, 32

rng = np.random.default_rng(2)
hidden = tr.from_numpy(rng.standard_normal((TOKENS, DIM)).astype(np.float32))
w_out = tr.from_numpy((rng.standard_normal((DIM, DIM)) / 8).astype(np.float32))
attn_out = tr.empty((TOKENS, DIM))

tk.linear(attn_out, hidden, w_out).sync()
add(hidden.partition((1, DIM)), hidden, attn_out).sync()  # expect: TC101
print(hidden.to_numpy()[0, :3])

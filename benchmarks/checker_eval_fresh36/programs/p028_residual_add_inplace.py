"""Residual connection written as an in-place add into the hidden state, the way `x += attn_out`
reads in PyTorch: the output partition and an input are the same tensor."""

import numpy as np
from modelops import add

import tilert as tr
import tilert.kernels as tk

SEQ, HIDDEN = 8, 64
rng = np.random.default_rng(10)
hidden = tr.from_numpy(rng.standard_normal((SEQ, HIDDEN)).astype(np.float32))
w_o = tr.from_numpy((rng.standard_normal((HIDDEN, HIDDEN)) * 0.05).astype(np.float32))
attn_out = tr.from_numpy(rng.standard_normal((SEQ, HIDDEN)).astype(np.float32))
proj = tr.empty((SEQ, HIDDEN))

tk.linear(proj, attn_out, w_o).sync()
add(hidden.partition((1, HIDDEN)), hidden, proj).sync()  # expect: TC101
print(hidden.to_numpy().mean())

"""A logits projection whose output buffer is a preallocated numpy array."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(3)
hidden = tr.from_numpy(rng.standard_normal((4, 32)).astype(np.float32))
w_out = tr.from_numpy(rng.standard_normal((32, 64)).astype(np.float32))
logits = np.empty((4, 64), dtype=np.float32)
tk.gemm(logits, hidden, w_out).sync()  # expect: TC106
print(logits.argmax(axis=1))

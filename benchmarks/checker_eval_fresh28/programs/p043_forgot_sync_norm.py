"""Prefill: embedding lookup, then RMSNorm. The norm is built but never run."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D, T = 100, 64, 6
rng = np.random.default_rng(9)
table = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32))
norm_w = tr.ones((D,))
ids = tr.from_numpy(np.array([1, 5, 9, 2, 7, 3], dtype=np.int32))
h = tr.empty((T, D))
normed = tr.empty((T, D))

tk.embedding(h, table, ids).sync()
tk.rmsnorm(normed, h, norm_w, eps=1e-6)  # expect: TC105
print("hidden", h.to_numpy().shape)

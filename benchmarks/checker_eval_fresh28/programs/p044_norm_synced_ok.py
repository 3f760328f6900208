"""Prefill: embedding lookup, then RMSNorm, each synced."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D, T = 100, 64, 6
rng = np.random.default_rng(9)
table_np = rng.standard_normal((V, D)).astype(np.float32)
table = tr.from_numpy(table_np)
norm_w = tr.ones((D,))
ids_np = np.array([1, 5, 9, 2, 7, 3], dtype=np.int32)
ids = tr.from_numpy(ids_np)
h = tr.empty((T, D))
normed = tr.empty((T, D))

tk.embedding(h, table, ids).sync()
tk.rmsnorm(normed, h, norm_w, eps=1e-6).sync()
rows = table_np[ids_np]
ref = rows / np.sqrt((rows**2).mean(axis=1, keepdims=True) + 1e-6)
np.testing.assert_allclose(normed.to_numpy(), ref, rtol=1e-4, atol=1e-5)
print("hidden", normed.to_numpy().shape)

"""Embedding -> RMSNorm -> linear for a batch of ids, synced in turn, checked against numpy."""

import numpy as np
from llmanvil.host import upload

import tilert as tr
import tilert.kernels as tk

V, D, N = 8, 16, 4
rng = np.random.default_rng(9)
table_np = rng.standard_normal((V, D)).astype(np.float32)
w_np = rng.standard_normal((N, D)).astype(np.float32)
ids_np = np.array([3, 0, 7], np.int32)
table, w = upload(table_np).reshape(V, D), upload(w_np).reshape(N, D)
ids = tr.from_numpy(ids_np)
emb, normed, out = tr.zeros((3, D)), tr.zeros((3, D)), tr.zeros((3, N))
tk.embedding(emb, table, ids).sync()
tk.rmsnorm(normed, emb, upload(np.ones(D))).sync()
tk.linear(out, normed, w).sync()
e = table_np[ids_np]
ref = (e / np.sqrt(np.mean(e * e, axis=1, keepdims=True) + 1e-6)) @ w_np.T
np.testing.assert_allclose(out.to_numpy(), ref, rtol=1e-4, atol=1e-4)

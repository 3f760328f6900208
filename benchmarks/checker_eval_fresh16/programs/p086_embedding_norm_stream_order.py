"""Embedding, then RMSNorm reading its unwaited output in stream order, read at the end."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(12)
table_np = rng.standard_normal((10, 16)).astype(np.float32)
ids_np = np.array([4, 0, 9], dtype=np.int32)
table, ids = tr.from_numpy(table_np), tr.from_numpy(ids_np)
emb, normed = tr.empty((3, 16)), tr.empty((3, 16))
weight = tr.ones((16,))
p_emb = tk.embedding(emb, table, ids).submit()
p_norm = tk.rmsnorm(normed, emb, weight).submit()
p_norm.wait()
p_emb.wait()
e = table_np[ids_np]
ref = e / np.sqrt((e * e).mean(axis=1, keepdims=True) + 1e-6)
assert np.allclose(normed.to_numpy(), ref, atol=1e-5)

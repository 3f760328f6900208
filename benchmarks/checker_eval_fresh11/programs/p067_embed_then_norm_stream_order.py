"""Embedding lookup then RMSNorm, submitted back to back (the norm reads the embedding's
output in stream order), waited once at the end."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D = 32, 64
rng = np.random.default_rng(5)
table_h = rng.standard_normal((V, D)).astype(np.float32)
table = tr.from_numpy(table_h)
ids = tr.from_numpy(np.array([3, 1, 4, 1, 5], np.int32))
emb = tr.empty((5, D), dtype=tr.f32)
normed = tr.empty((5, D), dtype=tr.f32)
weight = tr.ones((D,), dtype=tr.f32)
p_emb = tk.embedding(emb, table, ids).submit()
p_norm = tk.rmsnorm(normed, emb, weight).submit()
for p in (p_emb, p_norm):
    p.wait()
rows = table_h[[3, 1, 4, 1, 5]]
ref = rows / np.sqrt((rows * rows).mean(axis=1, keepdims=True) + 1e-6)
np.testing.assert_allclose(normed.to_numpy(), ref, rtol=1e-4, atol=1e-5)

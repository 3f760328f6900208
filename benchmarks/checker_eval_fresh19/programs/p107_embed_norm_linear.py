"""A tiny LM head: `tk.embedding` -> `tk.rmsnorm` -> `tk.linear`, each synced, checked against
numpy."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(9)
vocab, d, n = 32, 64, 4
tab = rng.standard_normal((vocab, d)).astype(np.float32)
w = (rng.standard_normal((vocab, d)) / 8).astype(np.float32)
ids = np.array([1, 5, 7, 30], dtype=np.int32)
emb, normed, logits = tr.zeros((n, d)), tr.zeros((n, d)), tr.zeros((n, vocab))
tk.embedding(emb, tr.from_numpy(tab), tr.from_numpy(ids)).sync()
tk.rmsnorm(normed, emb, tr.ones(d)).sync()
tk.linear(logits, normed, tr.from_numpy(w)).sync()
e = tab[ids]
ref = e / np.sqrt((e * e).mean(axis=1, keepdims=True) + 1e-6) @ w.T
np.testing.assert_allclose(logits.to_numpy(), ref, rtol=1e-3, atol=1e-3)
print("ok")

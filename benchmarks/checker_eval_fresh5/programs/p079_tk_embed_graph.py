"""Embedding lookup then RMSNorm, captured once and replayed for several token ids."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D = 16, 32
table_np = np.random.default_rng(5).standard_normal((V, D)).astype(np.float32)
table, w = tr.from_numpy(table_np), tr.ones((D,))
ids = tr.zeros((1,), dtype=tr.i32)
emb, out = tr.empty((1, D)), tr.empty((1, D))

seen = []
for tok in (3, 7, 11):
    ids.copy_from(np.array([tok], dtype=np.int32))
    with tr.graph() as g:
        g.record(tk.embedding(emb, table, ids))
        g.record(tk.rmsnorm(out, emb, w, eps=1e-6))
    g.launch().wait()
    g.close()
    seen.append(out.to_numpy()[0].copy())
for tok, row in zip((3, 7, 11), seen, strict=True):
    ref = table_np[tok] / np.sqrt(np.mean(table_np[tok] ** 2) + 1e-6)
    assert np.allclose(row, ref, atol=1e-5)

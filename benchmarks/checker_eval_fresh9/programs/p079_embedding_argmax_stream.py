"""Embedding lookup, softmax and argmax from the library, submitted in stream order."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D, N = 16, 8, 4
table = tr.from_numpy(np.arange(V * D, dtype=np.float32).reshape(V, D) / 100)
ids = tr.from_numpy(np.array([3, 1, 7, 2], dtype=np.int32))
emb = tr.zeros((N, D))
probs = tr.zeros((N, D))
best = tr.zeros((N,), dtype=tr.i32)
p1 = tk.embedding(emb, table, ids).submit()
p2 = tk.softmax(probs, emb).submit()
p3 = tk.argmax(best, probs).submit()
for p in (p3, p2, p1):
    p.wait()
assert list(best.to_numpy()) == [D - 1] * N
print("ok")

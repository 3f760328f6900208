"""A greedy decode loop over the library kernels: embedding, rmsnorm, gemv to the vocabulary,
argmax; each token's ops synced in order, the next id fed back through `copy_from`."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D = 32, 64
rng = np.random.default_rng(7)
table = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32))
norm_w = tr.ones((D,))
lm_head = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32))
ids = tr.from_numpy(np.array([3], np.int32))
h = tr.empty((1, D))
normed = tr.empty((1, D))
logits = tr.empty((V,))
best = tr.empty((1,), dtype=tr.i32)

generated = []
for _ in range(4):
    tk.embedding(h, table, ids).sync()
    tk.rmsnorm(normed, h, norm_w).sync()
    tk.gemv(logits, lm_head, normed[0]).sync()
    tk.argmax(best, logits.reshape(1, V)).sync()
    nxt = int(best.to_numpy()[0])
    generated.append(nxt)
    ids.copy_from(np.array([nxt], np.int32))
assert all(0 <= t < V for t in generated)
print(generated)

"""Token embedding lookup for a batch of ids, then a rmsnorm of the embeddings."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D, T = 100, 64, 6
rng = np.random.default_rng(7)
table = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32), name="table")
ids = tr.from_numpy(np.array([1, 5, 9, 42, 7, 3], dtype=np.int32), name="ids")
emb = tr.empty((T, D), name="emb")
normed = tr.empty((T, D), name="normed")
w = tr.ones((D,))

with tr.graph() as g:
    g.record(tk.embedding(emb, table, ids))
    g.record(tk.rmsnorm(normed, emb, w))
g.launch().wait()
g.close()
print(normed.to_numpy().shape, float(np.abs(normed.to_numpy()).mean()))

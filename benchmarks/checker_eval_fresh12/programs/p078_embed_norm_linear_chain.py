"""tk.embedding -> tk.rmsnorm -> tk.linear as one `.then` chain, checked against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D, N = 50, 64, 32
rng = np.random.default_rng(11)
table_n = rng.standard_normal((V, D)).astype(np.float32)
w_n = rng.standard_normal((N, D)).astype(np.float32)
ids_n = np.array([3, 7, 49], np.int32)
table, w, ids = tr.from_numpy(table_n), tr.from_numpy(w_n), tr.from_numpy(ids_n)
norm_w = tr.ones((D,))
emb = tr.zeros((3, D))
normed = tr.zeros((3, D))
y = tr.zeros((3, N))

tk.embedding(emb, table, ids).then(lambda *_: tk.rmsnorm(normed, emb, norm_w)).then(
    lambda *_: tk.linear(y, normed, w)
).sync()

e = table_n[ids_n]
expect = (e / np.sqrt(np.mean(e * e, axis=1, keepdims=True) + 1e-6)) @ w_n.T
assert np.allclose(y.to_numpy(), expect, atol=1e-3)

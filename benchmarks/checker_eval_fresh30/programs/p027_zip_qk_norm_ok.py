"""Normalise queries and keys as one op (independent launches zipped)."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D = 8, 64
rng = np.random.default_rng(6)
q = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32))
k = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32))
wq, wk = tr.ones((D,)), tr.ones((D,))
q_n, k_n = tr.empty((T, D)), tr.empty((T, D))

tr.zip(tk.rmsnorm(q_n, q, wq), tk.rmsnorm(k_n, k, wk)).sync()
scores = q_n.to_numpy() @ k_n.to_numpy().T
print(scores.shape, float(np.diag(scores).mean()))

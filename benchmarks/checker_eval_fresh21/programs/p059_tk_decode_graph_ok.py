"""A decode step of tk.rmsnorm then tk.gemv, run once eagerly (tuning happens outside a capture),
then captured and replayed; checked against numpy after close."""

import numpy as np
from llmloom import host as H

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(3)
d, n = 64, 32
x = H.upload(rng.standard_normal((1, d)))
w_norm = H.upload(1 + 0.1 * rng.standard_normal(d))
w = H.upload(rng.standard_normal((n, d)) / 8)
normed, logits = tr.zeros((1, d)), tr.zeros((n,))
tk.rmsnorm(normed, x, w_norm).sync()
tk.gemv(logits, w, normed.reshape(d)).sync()
with tr.graph() as g:
    g.record(tk.rmsnorm(normed, x, w_norm))
    g.record(tk.gemv(logits, w, normed.reshape(d)))
for _ in range(2):
    g.launch().wait()
g.close()
xs = x.to_numpy()[0]
ref = w.to_numpy() @ (xs / np.sqrt(np.mean(xs * xs) + 1e-6) * w_norm.to_numpy())
assert np.allclose(logits.to_numpy(), ref, atol=1e-4)

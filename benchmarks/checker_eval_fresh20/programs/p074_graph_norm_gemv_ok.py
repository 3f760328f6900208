"""A decode step (rmsnorm then gemv) captured once, replayed three times, then closed and read."""

import numpy as np
from llmanvil.host import upload

import tilert as tr
import tilert.kernels as tk

D, V = 32, 16
rng = np.random.default_rng(0)
h_np = rng.standard_normal((1, D)).astype(np.float32)
w_np = rng.standard_normal((V, D)).astype(np.float32)
h, w, g_w = upload(h_np).reshape(1, D), upload(w_np).reshape(V, D), upload(np.ones(D))
normed, logits = tr.zeros((1, D)), tr.zeros((V,))
tk.rmsnorm(normed, h, g_w).sync()
tk.gemv(logits, w, normed.reshape(D)).sync()
with tr.graph() as g:
    g.record(tk.rmsnorm(normed, h, g_w))
    g.record(tk.gemv(logits, w, normed.reshape(D)))
for _ in range(3):
    g.launch().wait()
g.close()
ref = h_np[0] / np.sqrt(np.mean(h_np[0] ** 2) + 1e-6)
np.testing.assert_allclose(logits.to_numpy(), w_np @ ref, rtol=1e-4, atol=1e-4)

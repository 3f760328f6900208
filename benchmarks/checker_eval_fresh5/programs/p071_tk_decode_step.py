"""One greedy decode step with the kernel library: rmsnorm, lm-head gemv, argmax."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

D, V = 32, 48
rng = np.random.default_rng(3)
h_np = rng.standard_normal((1, D)).astype(np.float32)
w_np = rng.standard_normal((V, D)).astype(np.float32)
h, norm_w, head = tr.from_numpy(h_np), tr.ones((D,)), tr.from_numpy(w_np)
normed = tr.empty((1, D))
logits = tr.empty((V,))
token = tr.empty((1,), dtype=tr.i32)

tk.rmsnorm(normed, h, norm_w, eps=1e-6).sync()
tk.gemv(logits, head, normed.reshape(D)).sync()
tk.argmax(token, logits.reshape(1, V)).sync()

ref_h = h_np / np.sqrt(np.mean(h_np * h_np) + 1e-6)
assert int(token.to_numpy()[0]) == int(np.argmax(w_np @ ref_h[0]))

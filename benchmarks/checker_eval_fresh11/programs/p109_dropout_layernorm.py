"""Dropout then LayerNorm from tilert.kernels, in one `.then` chain."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rows, cols = 4, 64
xh = np.random.default_rng(12).standard_normal((rows, cols)).astype(np.float32)
x = tr.from_numpy(xh)
dropped = tr.empty((rows, cols), dtype=tr.f32)
normed = tr.empty((rows, cols), dtype=tr.f32)
w, b = tr.ones((cols,), dtype=tr.f32), tr.zeros((cols,), dtype=tr.f32)
tk.dropout(dropped, x, 0.0, 7).then(lambda *_: tk.layernorm(normed, dropped, w, b)).sync()
mu = xh.mean(axis=1, keepdims=True)
ref = (xh - mu) / np.sqrt(xh.var(axis=1, keepdims=True) + 1e-5)
np.testing.assert_allclose(normed.to_numpy(), ref, rtol=1e-4, atol=1e-4)

"""A layernorm synced on a stream of its own with `sync_on`, then read."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

x_np = np.random.default_rng(4).standard_normal((4, 32)).astype(np.float32)
x = tr.from_numpy(x_np)
w, b = tr.ones((32,)), tr.zeros((32,))
out = tr.zeros((4, 32))
tk.layernorm(out, x, w, b).sync_on(tr.Stream())
mu = x_np.mean(-1, keepdims=True)
var = x_np.var(-1, keepdims=True)
np.testing.assert_allclose(out.to_numpy(), (x_np - mu) / np.sqrt(var + 1e-5), atol=1e-4)

"""A decode MLP's gate/up projection with the fused tk.gemv_rmsnorm_silu, checked against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(11)
n, k = 48, 64
w_np = (rng.standard_normal((2, n, k)) / 8).astype(np.float32)
x_np = rng.standard_normal(k).astype(np.float32)
nw_np = (1 + 0.1 * rng.standard_normal(k)).astype(np.float32)
w, x, nw = tr.from_numpy(w_np), tr.from_numpy(x_np), tr.from_numpy(nw_np)
out = tr.zeros((n,), name="act")
pending = tk.gemv_rmsnorm_silu(out, w, x, nw, eps=1e-6).submit()
x_host = x.to_numpy()  # the launch only reads x, w and the norm weight
pending.wait()
h = x_host / np.sqrt(np.mean(x_host * x_host) + 1e-6) * nw_np
gate, up = w_np[0] @ h, w_np[1] @ h
expect = gate / (1 + np.exp(-gate)) * up
np.testing.assert_allclose(out.to_numpy(), expect, rtol=1e-4, atol=1e-5)

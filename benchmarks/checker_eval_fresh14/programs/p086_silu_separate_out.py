"""SwiGLU into its own output tensor, checked against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

n = 16
gu_np = np.random.default_rng(5).standard_normal((4, 2 * n)).astype(np.float32)
gu = tr.from_numpy(gu_np)
act = tr.zeros((4, n))
tk.silu_and_mul(act, gu).sync()
g, u = gu_np[:, :n], gu_np[:, n:]
np.testing.assert_allclose(act.to_numpy(), g / (1 + np.exp(-g)) * u, rtol=1e-4, atol=1e-5)

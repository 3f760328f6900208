"""SwiGLU written back into the gate half of its own input: `tk.silu_and_mul(gu[:, :n], gu)`."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

n = 16
gu = tr.from_numpy(np.random.default_rng(5).standard_normal((4, 2 * n)).astype(np.float32))
tk.silu_and_mul(gu[:, :n], gu).sync()  # expect: TC101

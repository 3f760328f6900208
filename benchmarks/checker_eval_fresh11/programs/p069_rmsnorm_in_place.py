"""tk.rmsnorm asked to normalize the hidden state in place (out is x)."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

hidden = tr.from_numpy(np.random.default_rng(2).standard_normal((4, 64)).astype(np.float32))
w = tr.ones((64,), dtype=tr.f32)
tk.rmsnorm(hidden, hidden, w).sync()  # expect: TC101

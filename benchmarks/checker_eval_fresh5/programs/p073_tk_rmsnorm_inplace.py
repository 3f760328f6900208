"""RMSNorm 'in place': the same tensor is given as the output and the input."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

x = tr.from_numpy(np.random.default_rng(0).standard_normal((2, 32)).astype(np.float32))
w = tr.ones((32,))
tk.rmsnorm(x, x, w, eps=1e-6).sync()  # expect: TC101

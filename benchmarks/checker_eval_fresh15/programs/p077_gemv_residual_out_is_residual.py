"""tk.gemv_residual asked to add the residual in place (out is the residual)."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(5)
w = tr.from_numpy(rng.standard_normal((32, 32)).astype(np.float32))
x = tr.from_numpy(rng.standard_normal(32).astype(np.float32))
hidden = tr.from_numpy(np.ones(32, dtype=np.float32))
tk.gemv_residual(hidden, w, x, hidden).sync()  # expect: TC101
print(hidden.to_numpy()[:2])

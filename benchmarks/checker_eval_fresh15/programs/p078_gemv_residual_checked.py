"""tk.gemv_residual into a second buffer, ping-ponged over three layers, checked against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(6)
ws = [(rng.standard_normal((32, 32)) / 8).astype(np.float32) for _ in range(3)]
h0 = rng.standard_normal(32).astype(np.float32)
a, b = tr.from_numpy(h0), tr.zeros((32,))
for w in ws:
    tk.gemv_residual(b, tr.from_numpy(w), a, a).sync()
    a, b = b, a
expect = h0.astype(np.float64)
for w in ws:
    expect = expect + w @ expect
assert np.allclose(a.to_numpy(), expect, atol=1e-4)

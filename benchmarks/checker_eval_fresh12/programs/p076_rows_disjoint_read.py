"""tk.rmsnorm writing the first four rows of a block; the host reads the last row, which it does
not write, then waits and checks every row."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(7)
xn = rng.standard_normal((8, 64)).astype(np.float32)
x = tr.from_numpy(xn)
w = tr.ones((64,))
out = tr.zeros((8, 64), name="normed")

pend = tk.rmsnorm(out[:4], x[:4], w).submit()
tail = out[7].to_numpy().copy()
pend.wait()
expect = xn[:4] / np.sqrt(np.mean(xn[:4] ** 2, axis=1, keepdims=True) + 1e-6)
assert np.allclose(out.to_numpy()[:4], expect, atol=1e-5) and not tail.any()

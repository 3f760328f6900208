import numpy as np

import tilert as tr
import tilert.kernels as tk

rows, cols = 4, 64
rng = np.random.default_rng(1)
x_np = rng.standard_normal((rows, cols)).astype(np.float32)
x = tr.from_numpy(x_np)
residual = tr.zeros((rows, cols))
weight = tr.ones((cols,))
normed = tr.empty((rows, cols))

for _ in range(2):
    tk.rmsnorm(normed, x, weight, 1e-6, residual=residual).sync()

r = 2 * x_np
expect = r / np.sqrt((r * r).mean(axis=1, keepdims=True) + 1e-6)
assert np.allclose(residual.to_numpy(), r, atol=1e-5)
assert np.allclose(normed.to_numpy(), expect, atol=1e-4)
print("rmsnorm ok")

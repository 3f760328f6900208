"""Two stacked layers sharing one activation buffer: x = rmsnorm(linear(x))."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, D = 16, 128
rng = np.random.default_rng(1)
x = tr.from_numpy(rng.standard_normal((TOKENS, D)).astype(np.float32))
w = tr.from_numpy((rng.standard_normal((D, D)) / np.sqrt(D)).astype(np.float32))
norm_w = tr.ones((D,))
y = tr.empty((TOKENS, D), dtype=tr.f32, name="y")

for _ in range(2):
    proj = tk.linear(y, x, w).submit()
    proj.wait()
    tk.rmsnorm(x, y, norm_w).sync()
print(x.to_numpy()[0, :4])

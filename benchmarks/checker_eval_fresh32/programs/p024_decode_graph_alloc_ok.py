"""Capturing a decode step in a graph with tilert.kernels; every buffer is allocated before the
capture and read after the graph is closed."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

D = 256
STEPS = 4

rng = np.random.default_rng(5)
x = tr.from_numpy(rng.standard_normal((1, D)).astype(np.float32), name="x")
norm_w = tr.from_numpy(np.ones(D, dtype=np.float32), name="norm_w")
normed = tr.empty((1, D), name="normed")
tk.rmsnorm(normed, x, norm_w, eps=1e-6).sync()  # warm the tuner outside the capture

with tr.graph() as g:
    g.record(tk.rmsnorm(normed, x, norm_w, eps=1e-6))

for _ in range(STEPS):
    g.launch().wait()
g.close()
print(normed.to_numpy()[0, :4])

"""Capture an eval step (norm then gemm) in a graph and run it over a few batches."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

ROWS, D, OUT = 8, 128, 64
rng = np.random.default_rng(31)
x = tr.from_numpy(rng.standard_normal((ROWS, D)).astype(np.float32))
norm_w = tr.ones((D,))
w = tr.from_numpy((rng.standard_normal((D, OUT)) / np.sqrt(D)).astype(np.float32))
normed = tr.empty((ROWS, D))
logits = tr.empty((ROWS, OUT))

# warm the tuner outside the capture
tk.rmsnorm(normed, x, norm_w).sync()
tk.gemm(logits, normed, w).sync()

with tr.graph() as g:
    tk.rmsnorm(normed, x, norm_w).sync()  # expect: TC111
    g.record(tk.gemm(logits, normed, w))

for _ in range(3):
    g.launch().wait()
g.close()
print(logits.to_numpy()[0, :4])

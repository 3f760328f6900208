"""A captured norm step whose input is reloaded with `copy_from` between replays, while the
graph, still open, holds it."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

x = tr.ones((2, 32))
w = tr.ones((32,))
out = tr.zeros((2, 32))
with tr.graph() as g:
    g.record(tk.rmsnorm(out, x, w))
for step in range(2):
    g.launch().wait()
    x.copy_from(np.full((2, 32), step + 2.0, np.float32))  # expect: TC103
g.close()

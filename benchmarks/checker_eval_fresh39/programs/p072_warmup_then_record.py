"""Capturing a decode step after a warm-up run: the warmed-up op objects are recorded into the
graph."""

import tilert as tr
import tilert.kernels as tk

ROWS, DIM = 2, 32

h = tr.ones((ROWS, DIM), name="h")
w = tr.ones((DIM,), name="w")
normed = tr.empty((ROWS, DIM), name="normed")
probs = tr.empty((ROWS, DIM), name="probs")

norm_op = tk.rmsnorm(normed, h, w)
norm_op.sync()  # warm-up
with tr.graph() as g:
    g.record(norm_op)  # expect: TC110
    g.record(tk.softmax(probs, normed))
g.launch().wait()
g.close()
print(probs.to_numpy().sum())

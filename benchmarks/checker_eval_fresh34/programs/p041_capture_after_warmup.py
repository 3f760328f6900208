"""Capturing a prefill projection in a graph after a warm-up run (the warm-up lets the tuner
pick its config before the capture, which refuses to tune)."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN, OUT = 8, 64, 128
rng = np.random.default_rng(41)
x = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
w = tr.from_numpy((rng.standard_normal((OUT, HIDDEN)) * 0.1).astype(np.float32))
y = tr.empty((TOKENS, OUT), name="y")

proj = tk.linear(y, x, w)
proj.sync()  # warm-up: tunes and compiles
with tr.graph() as g:
    g.record(proj)  # expect: TC110
for _ in range(4):
    g.launch().wait()
g.close()
print("y", y.to_numpy().shape, float(y.to_numpy().std()))

"""Replay a captured decode step and log the output after each replay."""

import numpy as np
from servekit import TILE, add, copy

import tilert as tr

D = 512
x = tr.ones((D,), name="x")
bias = tr.full((D,), 0.5)
h = tr.zeros((D,), name="h")

with tr.graph() as g:
    g.record(add(h.partition((TILE,)), x, bias))
    g.record(copy(x.partition((TILE,)), h))

for step in range(3):
    g.launch().wait()
    print(f"step {step}: h[0] = {np.asarray(h.to_numpy())[0]}")  # expect: TC102
g.close()

"""Replay a captured decode step, then log the output once the graph is closed."""

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

for _ in range(3):
    g.launch().wait()
g.close()
print(f"after 3 steps: h[0] = {np.asarray(h.to_numpy())[0]}")

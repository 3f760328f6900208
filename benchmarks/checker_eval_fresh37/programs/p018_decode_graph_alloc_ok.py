"""Capture one decode step in a graph and replay it per token."""

import numpy as np
from hostkit import add, relu

import tilert as tr

D = 1024
state = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
bias = tr.full((D,), 0.01)
hidden = tr.empty((D,))
scratch = tr.empty((D,))

with tr.graph() as g:
    g.record(relu(hidden.partition((128,)), state))
    g.record(add(scratch.partition((128,)), hidden, bias))

for _ in range(4):
    g.launch().wait()
g.close()
print(hidden.to_numpy()[:4])

"""A graph replayed in a try block and closed in `finally`; the host reads the output only
after the close (and the weights, which the graph only reads, before it)."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

w = tr.full((64,), 2.0, name="w")
state = tr.ones((64,), name="state")
tmp = tr.zeros((64,))
with tr.graph() as g:
    g.record(k.mul(tmp.partition((16,)), state, w))
    g.record(k.copy(state.partition((16,)), tmp))
weights_seen = float(w.to_numpy()[0])
try:
    for _ in range(4):
        g.launch().wait()
finally:
    g.close()
assert np.all(state.to_numpy() == 16.0), state.to_numpy()[:2]
print(weights_seen, state.to_numpy()[0])

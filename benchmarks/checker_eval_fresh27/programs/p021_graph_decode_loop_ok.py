"""Decode loop on a captured graph: one capture, one replay per token, close at the end."""

import numpy as np
from llmcove import add, copy, scale

import tilert as tr

D, STEPS = 512, 8
state = tr.from_numpy(np.linspace(0, 1, D, dtype=np.float32))
delta = tr.full((D,), 0.01)
tmp = tr.empty((D,))

with tr.graph() as g:
    g.record(add(tmp.partition((128,)), state, delta))
    g.record(scale(tmp.partition((128,)), 0.99))
    g.record(copy(state.partition((128,)), tmp))

for _ in range(STEPS):
    g.launch().wait()
g.close()
print("state after", STEPS, "steps:", state.to_numpy()[:3])

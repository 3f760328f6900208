"""Decode loop on a captured graph that samples the state each step while the graph holds it."""

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

tokens = []
for _ in range(STEPS):
    g.launch().wait()
    tokens.append(int(np.argmax(state.to_numpy())))  # expect: TC102
g.close()
print(tokens)

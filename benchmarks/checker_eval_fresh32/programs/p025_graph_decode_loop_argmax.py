"""A greedy decode loop replaying a captured step; the loop reads the logits after each replay
to pick the next token while the graph still holds them."""

import numpy as np
from llmcraft import add, scale

import tilert as tr

V = 256
STEPS = 3

rng = np.random.default_rng(2)
state = tr.from_numpy(rng.standard_normal(V).astype(np.float32), name="state")
bias = tr.from_numpy(rng.standard_normal(V).astype(np.float32), name="bias")
logits = tr.empty((V,), name="logits")
scaled = tr.empty((V,), name="scaled")

with tr.graph() as g:
    g.record(add(logits.partition((64,)), state, bias))
    g.record(scale(scaled.partition((64,)), logits, 0.5))

tokens = []
for _ in range(STEPS):
    g.launch().wait()
    tokens.append(int(np.argmax(scaled.to_numpy())))  # expect: TC102
g.close()
print(tokens)

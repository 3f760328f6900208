"""Capture one decode step as a graph and replay it per token, like gpt-fast's
reduce-overhead mode."""

import numpy as np
from llmfjord import axpy, gelu_tanh

import tilert as tr

D = 1024
STEPS = 4

state = tr.from_numpy(np.full(D, 0.1, np.float32))
hidden = tr.empty((D,), name="hidden")

with tr.graph() as g:
    g.record(gelu_tanh(hidden.partition((256,)), state))
    g.record(axpy(state.partition((256,)), hidden, 0.5))

for _ in range(STEPS):
    g.launch().wait()
g.close()
print("state after", STEPS, "steps:", float(state.to_numpy()[0]))

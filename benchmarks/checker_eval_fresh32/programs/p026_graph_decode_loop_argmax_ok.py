"""A greedy decode loop: each step's ops are built and synced eagerly, and the logits are read
on the host once the step's ops completed; a graph replays the same ops for a timing run,
closed before anything is read."""

import time

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

tokens = []
for _ in range(STEPS):
    add(logits.partition((64,)), state, bias).sync()
    scale(scaled.partition((64,)), logits, 0.5).sync()
    tokens.append(int(np.argmax(scaled.to_numpy())))

with tr.graph() as g:
    g.record(add(logits.partition((64,)), state, bias))
    g.record(scale(scaled.partition((64,)), logits, 0.5))
start = time.perf_counter()
for _ in range(STEPS):
    g.launch().wait()
elapsed = time.perf_counter() - start
g.close()
assert int(np.argmax(scaled.to_numpy())) == tokens[-1]
print(tokens, f"{elapsed * 1e3 / STEPS:.3f} ms/step")

"""Notebook-style: capture a decode step once, replay it, close, look at the result."""

import numpy as np
from llmserve.kernels import axpy, relu

import tilert as tr

N = 1024

x = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
h = tr.zeros((N,), name="h")
act = tr.zeros((N,), name="act")

with tr.graph() as g:
    g.record(axpy(h.partition((256,)), x, 1.0))
    g.record(relu(act.partition((256,)), h))

for _ in range(4):
    g.launch().wait()

g.close()
print("captured", len(g), "ops; act max", act.to_numpy().max())
np.testing.assert_allclose(h.to_numpy(), 4 * np.linspace(-1, 1, N, dtype=np.float32), rtol=1e-6)

"""Momentum update for a flat parameter buffer."""

import numpy as np
from llmquay import axpy

import tilert as tr

N = 4096
BETA = 0.9

rng = np.random.default_rng(0)
g_np = rng.standard_normal(N).astype(np.float32)
grad = tr.from_numpy(g_np)
momentum = tr.zeros((N,), name="momentum")

for _ in range(3):
    pending = axpy(momentum.partition((1024,)), grad, BETA).submit()
    pending.wait()
np.testing.assert_allclose(momentum.to_numpy(), 3 * BETA * g_np, rtol=1e-5)
print(momentum.to_numpy()[:3])

"""Momentum update for a flat parameter buffer."""

import numpy as np
from llmquay import axpy

import tilert as tr

N = 4096
BETA = 0.9

rng = np.random.default_rng(0)
grad = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
momentum = tr.zeros((N,), name="momentum")

for _ in range(3):
    pending = axpy(momentum, grad, BETA).submit()  # expect: TC106
    pending.wait()
print(momentum.to_numpy()[:3])

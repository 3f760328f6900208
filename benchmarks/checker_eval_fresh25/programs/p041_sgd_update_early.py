"""A tiny training step: forward reads the weights, SGD updates them."""

import numpy as np
from llmquay import axpy, mul

import tilert as tr

N = 4096
TILE = 512
LR = 0.01

rng = np.random.default_rng(2)
w = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
x = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
grad = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
act = tr.empty((N,))

for step in range(3):
    fwd = mul(act.partition((TILE,)), x, w).submit()
    upd = axpy(w.partition((TILE,)), grad, -LR).submit()  # expect: TC103
    fwd.wait()
    upd.wait()
    print(step, float(act.to_numpy().sum()))

"""Accumulate, then average, then update: one chain, the gradient handed along."""

import numpy as np
from trainkit import TILE, accumulate, scale, sgd_step

import tilert as tr

N = 2048
micro = 4
rng = np.random.default_rng(11)
param = tr.ones((N,), name="param")
grad = tr.from_numpy(rng.standard_normal(N).astype(np.float32), name="grad")
last = tr.from_numpy(rng.standard_normal(N).astype(np.float32), name="last_mb")

chain = (
    accumulate(grad.partition((TILE,)), last)
    .then(lambda gp, *_: scale(gp, 1.0 / micro))
    .then(lambda *_: sgd_step(param.partition((TILE,)), grad, 0.1))
)
chain.sync()
print(param.to_numpy()[:2], grad.to_numpy()[:2])

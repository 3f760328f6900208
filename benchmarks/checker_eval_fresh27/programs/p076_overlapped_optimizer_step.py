"""Overlap the next forward with the optimizer: the update is launched before the forward
that reads the weights has been waited on."""

import numpy as np
from llmcove import axpy, mul

import tilert as tr

N = 2048
rng = np.random.default_rng(8)
weights = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
acts = tr.empty((N,))
grads = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(3)]
batches = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(3)]

for batch, grad in zip(batches, grads, strict=True):
    fwd = mul(acts.partition((512,)), batch, weights).submit()
    axpy(weights.partition((512,)), grad, -0.01).sync()  # expect: TC103
    fwd.wait()
    print(float(acts.to_numpy().mean()))

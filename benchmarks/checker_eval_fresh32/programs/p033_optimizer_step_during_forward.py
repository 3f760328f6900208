"""A training loop: the forward op is submitted and the optimizer updates the same weights
before the forward has been waited on."""

import numpy as np
from llmcraft import axpy, mul

import tilert as tr

N = 256
LR = 1e-2

rng = np.random.default_rng(4)
weights = tr.from_numpy(rng.standard_normal(N).astype(np.float32), name="weights")
inputs = tr.from_numpy(rng.standard_normal(N).astype(np.float32), name="inputs")
grads = tr.from_numpy(rng.standard_normal(N).astype(np.float32), name="grads")
activations = tr.empty((N,), name="activations")

for step in range(2):
    fwd = mul(activations.partition((64,)), weights, inputs).submit()
    axpy(weights.partition((64,)), grads, -LR).sync()  # expect: TC103
    fwd.wait()
    print(step, float(activations.to_numpy().sum()))

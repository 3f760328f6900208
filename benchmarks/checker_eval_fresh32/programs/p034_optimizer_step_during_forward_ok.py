"""A training loop: the forward op is waited on before the optimizer updates the weights it
reads."""

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
    fwd.wait()
    axpy(weights.partition((64,)), grads, -LR).sync()
    print(step, float(activations.to_numpy().sum()))

"""Gradient-accumulation style loop: y += lr * g for every micro-batch."""

import numpy as np
from llmquill import axpy

import tilert as tr

N = 1024
params = tr.zeros((N,), name="params")
grads = [tr.from_numpy(np.full(N, i, dtype=np.float32)) for i in range(4)]

param_tiles = params.partition((256,))
for g in grads:
    axpy(param_tiles, g, -0.01).sync()  # expect: TC109
print(params.to_numpy()[:3])

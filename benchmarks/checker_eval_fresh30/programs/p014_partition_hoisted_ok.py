"""Gradient-accumulation style loop: y += lr * g for every micro-batch."""

import numpy as np
from llmquill import axpy

import tilert as tr

N = 1024
params = tr.zeros((N,), name="params")
grads = [tr.from_numpy(np.full(N, i, dtype=np.float32)) for i in range(4)]

for g in grads:
    axpy(params.partition((256,)), g, -0.01).sync()
print(params.to_numpy()[:3])

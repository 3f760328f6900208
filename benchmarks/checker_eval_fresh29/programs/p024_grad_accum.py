"""Gradient accumulation over micro-batches into one grad buffer."""

import numpy as np
from llmreef import axpy

import tilert as tr

N = 2048
grad = tr.zeros((N,), name="grad")
micro = [tr.from_numpy(np.full(N, i + 1.0, dtype=np.float32)) for i in range(4)]

for m in micro:
    axpy(grad.partition((512,)), m, 0.25).sync()

acc = tr.zeros((N,), name="acc")
axpy(acc.partition((512,)), grad.partition((512,)), 1.0).sync()  # expect: TC106
print(acc.to_numpy()[0])

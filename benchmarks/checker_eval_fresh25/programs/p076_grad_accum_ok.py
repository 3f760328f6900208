"""Gradient accumulation over micro-batches, then one SGD step."""

import numpy as np
from llmquay import accumulate, axpy, mul

import tilert as tr

N = 2048
MICRO = 4
LR = 0.1

rng = np.random.default_rng(6)
w = tr.from_numpy(np.ones(N, dtype=np.float32))
grad = tr.zeros((N,), name="grad")
tmp = tr.empty((N,), name="tmp")
micro_batches = [tr.from_numpy(rng.random(N, dtype=np.float32)) for _ in range(MICRO)]

for mb in micro_batches:
    mul(tmp.partition((512,)), mb, w).sync()
    accumulate(grad.partition((512,)), tmp).sync()
axpy(w.partition((512,)), grad, -LR / MICRO).sync()

expect = 1 - LR / MICRO * sum(m.to_numpy() for m in micro_batches)
np.testing.assert_allclose(w.to_numpy(), expect, rtol=1e-5)
print("w[:3] =", w.to_numpy()[:3])

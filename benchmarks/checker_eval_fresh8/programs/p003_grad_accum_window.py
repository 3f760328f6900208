"""Gradient accumulation: micro-batch gradients added into one buffer, each add waited before
the next one partitions the accumulator; the optimizer runs once per accumulation round."""

import numpy as np
from llmweave.kernels import accumulate, fill, sgd

import tilert as tr

MICRO = 4
acc = tr.zeros((64,), name="grad_acc")
weight = tr.ones((64,), name="weight")
micro_grads = [tr.full((64,), float(i + 1)) for i in range(MICRO)]

for _ in range(2):
    fill(acc.partition((16,)), 0.0).sync()
    last = None
    for g in micro_grads:
        if last is not None:
            last.wait()
        last = accumulate(acc.partition((16,)), g).submit()
    assert last is not None
    last.wait()
    sgd(weight.partition((16,)), acc, 0.01 / MICRO).sync()

assert np.allclose(weight.to_numpy(), 1.0 - 2 * 0.01 * 10 / MICRO)
print("accumulated")

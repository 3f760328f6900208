"""A world of one running the training loop's all-reduce as a distributed job would: submitted,
the next micro-batch prepared meanwhile, waited before the optimizer."""

import numpy as np
from llmweave.kernels import fill, sgd

import tilert as tr
import tilert.distributed as dist

comm = dist.init()
grad = tr.zeros((64,))
weight = tr.ones((64,))
for step in range(3):
    fill(grad.partition((16,)), float(step)).sync()
    reducing = dist.all_reduce(grad).submit()
    next_lr = 0.1 / (step + 1)
    reducing.wait()
    sgd(weight.partition((16,)), grad, next_lr).sync()
expected = 1.0 - (0.0 * 0.1 + 1.0 * 0.05 + 2.0 * 0.1 / 3)
assert np.allclose(weight.to_numpy(), expected)
dist.shutdown()
print("world of", comm.size)

"""Unlaunched (a world of one): the gradient all-reduce chained with a `.then` averaging step."""

import numpy as np
from llmkit import kernels as K

import tilert as tr
import tilert.distributed as dist

comm = dist.init()
grad = tr.full((128,), 4.0, name="grad")
avg = tr.zeros((128,))
dist.all_reduce(grad).then(lambda g: K.scale(avg.partition((64,)), g, 1.0 / comm.size)).sync()
np.testing.assert_array_equal(avg.to_numpy(), grad.to_numpy())
dist.shutdown()

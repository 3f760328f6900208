"""A training script that passes the gradient's partition to all_reduce (world of one)."""

from llmkit import kernels as K

import tilert as tr
import tilert.distributed as dist

dist.init()
grad = tr.zeros((256,), name="grad")
gp = grad.partition((64,))
K.fill(gp, 1.0).sync()
dist.all_reduce(grad.partition((64,))).sync()  # expect: TC106
dist.shutdown()

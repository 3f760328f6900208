"""A gradient all-reduce chained with `.then` to an averaging kernel on the all-reduced tensor."""

import numpy as np
from llmtide import kernels as K

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> np.ndarray:
    grad = tr.from_numpy(np.full(32, comm.rank + 1.0, np.float32))
    size = comm.size
    dist.all_reduce(grad).then(lambda g: K.scale_(g.partition((16,)), 1.0 / size)).sync()
    return grad.to_numpy()


for r in run_ranks(2, rank):
    np.testing.assert_allclose(r, 1.5)

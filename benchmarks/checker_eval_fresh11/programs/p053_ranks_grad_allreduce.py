"""Data-parallel gradients on the stand-in: each rank computes its gradient, all-reduces it
(averaged by a scale), and applies it."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def train_step(comm: dist.Communicator) -> np.ndarray:
    params = tr.ones((256,), name="params")
    data = tr.full((256,), float(comm.rank + 1))
    grad = tr.zeros((256,), name="grad")
    K.scale(tiles(grad), data, 0.1).sync()
    reduce = dist.all_reduce(grad).submit()
    reduce.wait()
    K.axpy(tiles(params), grad, -1.0 / comm.size).sync()
    return params.to_numpy()


results = run_ranks(4, train_step)
expected = 1.0 - 0.1 * (1 + 2 + 3 + 4) / 4
for r in results:
    np.testing.assert_allclose(r, expected, rtol=1e-6)

"""Tensor-parallel ranks (the stand-in): each rank starts a local projection reading its weight,
then broadcasts rank 0's weight into the same tensor before the projection is waited."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    w = tr.from_numpy(np.full(32, comm.rank + 1.0, np.float32))
    x = tr.ones((32,))
    y = tr.zeros((32,))
    proj = K.mul(tiles(y), x, w).submit()
    dist.broadcast(w, 0).sync()  # expect: TC103
    proj.wait()
    return float(y.to_numpy()[0])


print(run_ranks(2, rank))

"""Gradient sharding on the stand-in: `reduce_scatter` given the gradient's partition as its
input."""

import numpy as np
from llmtide.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> np.ndarray:
    grad = tr.from_numpy(np.full(32, comm.rank + 1.0, np.float32))
    shard = tr.zeros((16,))
    dist.reduce_scatter(shard, tiles(grad)).sync()  # expect: TC106
    return shard.to_numpy()


print(run_ranks(2, rank))

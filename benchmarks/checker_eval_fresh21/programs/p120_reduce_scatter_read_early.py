"""Gradient sharding on the stand-in: each rank logs its reduce_scatter shard before waiting."""

import numpy as np
from llmloom import host as H

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    grad = H.upload(np.arange(16) * (comm.rank + 1))
    shard = tr.zeros((16 // comm.size,))
    pending = dist.reduce_scatter(shard, grad).submit()
    print(comm.rank, shard.to_numpy()[:2])  # expect: TC102
    pending.wait()
    return float(shard.to_numpy().sum())


print(run_ranks(2, rank))  # expect-also

"""Tensor-parallel setup on the stand-in: rank 0's weights broadcast, then each rank's partial
sums reduce-scattered into its shard; every collective waited before the host reads."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> tuple[float, float]:
    weight = tr.from_numpy(np.full(32, 10.0 * (comm.rank + 1), np.float32))
    partial = tr.from_numpy(np.full(32 * comm.size, comm.rank + 1.0, np.float32))
    shard = tr.zeros((32,))
    b = dist.broadcast(weight, 0).submit()
    rs = dist.reduce_scatter(shard, partial).submit()
    b.wait()
    rs.wait()
    return float(weight.to_numpy()[0]), float(shard.to_numpy()[0])


results = run_ranks(2, rank)
assert results == [(10.0, 3.0), (10.0, 3.0)]
print(results)

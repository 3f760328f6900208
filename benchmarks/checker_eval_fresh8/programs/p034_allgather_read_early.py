"""All-gather of each rank's shard; the gathered buffer is read before the gather is waited."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    shard = tr.from_numpy(np.full(16, comm.rank, np.float32))
    full = tr.zeros((16 * comm.size,))
    gather = dist.all_gather(full, shard).submit()
    total = float(full.to_numpy().sum())  # expect: TC102
    gather.wait()
    return total


print(run_ranks(2, rank))

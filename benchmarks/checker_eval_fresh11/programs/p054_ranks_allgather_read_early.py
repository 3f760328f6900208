"""Each rank all-gathers its shard and reads the gathered tensor before waiting."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

SHARD = 64


def gather(comm: dist.Communicator) -> float:
    shard = tr.from_numpy(np.full(SHARD, comm.rank, np.float32))
    full = tr.zeros((SHARD * comm.size,), name="full")
    pend = dist.all_gather(full, shard).submit()
    total = float(full.to_numpy().sum())  # expect: TC102
    pend.wait()
    return total


print(run_ranks(2, gather))  # expect-also

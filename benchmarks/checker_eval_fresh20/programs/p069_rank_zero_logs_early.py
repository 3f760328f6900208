"""Rank 0 logs its metric buffer while the all-reduce of it is still in flight."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    metric = tr.from_numpy(np.array([comm.rank + 1.0] * 4, np.float32))
    pending = dist.all_reduce(metric, op="max").submit()
    if comm.rank == 0:
        print("local metric", metric.to_numpy())  # expect: TC102
    pending.wait()
    return float(metric.to_numpy()[0])


print(run_ranks(2, rank))  # expect-also

"""On the stand-in, each rank logs its gradient before its all-reduce's Pending is waited."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm) -> float:
    grad = tr.from_numpy(np.full(8, comm.rank + 1, dtype=np.float32))
    pend = dist.all_reduce(grad).submit()
    local = float(grad.to_numpy().sum())  # expect: TC102
    pend.wait()
    return local


print(run_ranks(2, rank))  # expect-also

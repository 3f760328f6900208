"""Every rank submits the loss all-reduce, but only rank 0 (the one that logs) waits it."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float | None:
    loss = tr.from_numpy(np.full(4, 0.5 * (comm.rank + 1), np.float32))
    reducing = dist.all_reduce(loss, op="sum").submit()  # expect: TC108
    if comm.rank == 0:
        reducing.wait()
        return float(loss.to_numpy()[0])
    return None


print(run_ranks(2, rank))

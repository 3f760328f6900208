"""Data-parallel gradient averaging, tested with the in-process stand-in world."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank_step(comm) -> np.ndarray:
    grad = tr.from_numpy(np.full(256, comm.rank + 1, dtype=np.float32))
    pending = dist.all_reduce(grad).submit()
    pending.wait()
    return grad.to_numpy() / comm.size


results = run_ranks(2, rank_step)
print([float(r[0]) for r in results])

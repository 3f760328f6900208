"""Data-parallel gradient averaging; the loss is logged before the all-reduce finished."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank_step(comm) -> float:
    grad = tr.from_numpy(np.full(256, comm.rank + 1, dtype=np.float32))
    pending = dist.all_reduce(grad).submit()
    norm = float(np.linalg.norm(grad.to_numpy()))  # expect: TC102
    pending.wait()
    return norm


print(run_ranks(2, rank_step))

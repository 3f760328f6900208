"""Data-parallel gradient averaging, tested on the in-process stand-in world."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

N = 1024


def train_rank(comm) -> float:
    grad = tr.from_numpy(np.full(N, float(comm.rank + 1), np.float32))
    pending = dist.all_reduce(grad, op="sum").submit()
    pending.wait()
    return float(grad.to_numpy().mean()) / comm.size


results = run_ranks(2, train_rank)
assert all(r == 1.5 for r in results), results
print(results)

"""Data-parallel gradient averaging, tried out with the in-process stand-in."""

import numpy as np
from tilekit import scale

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def train_step(comm):
    local = np.full(1024, float(comm.rank + 1), dtype=np.float32)
    norm = float(np.linalg.norm(local))
    grad = tr.from_numpy(local)
    avg = tr.empty((1024,))
    reduce = dist.all_reduce(grad).submit()
    reduce.wait()
    scale(avg.partition((256,)), grad, 1.0 / comm.size).sync()
    return norm, avg.to_numpy()[0]


results = run_ranks(2, train_step)
assert all(r[1] == 1.5 for r in results)
print(results)

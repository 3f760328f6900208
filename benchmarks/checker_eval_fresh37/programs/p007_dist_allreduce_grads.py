"""Average gradients across ranks (the stand-in world runs every rank in this process)."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def train_step(comm):
    grad = tr.from_numpy(np.full(1024, comm.rank + 1.0, dtype=np.float32))
    handle = dist.all_reduce(grad, op="sum").submit()
    local_norm = np.linalg.norm(grad.to_numpy())  # expect: TC102
    handle.wait()
    return local_norm, grad.to_numpy()[0] / comm.size


results = run_ranks(2, train_step)  # expect-also: TC102
print(results)

"""Two ranks on the stand-in: an all-gather submitted, local work meanwhile, then waited."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> np.ndarray:
    shard = tr.from_numpy(np.full(4, float(comm.rank), np.float32))
    full = tr.zeros((4 * comm.size,))
    pending = dist.all_gather(full, shard).submit()
    local = shard.to_numpy().sum()
    pending.wait()
    return full.to_numpy() + 0 * local


gathered = run_ranks(2, rank)
for result in gathered:
    np.testing.assert_allclose(result, [0, 0, 0, 0, 1, 1, 1, 1])

"""Two ranks gathering a tensor whose first part is this rank's own shard."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def gather(comm: dist.Communicator) -> np.ndarray:
    full = tr.zeros((4 * comm.size,))
    mine = full[:4]
    dist.all_gather(full, mine).sync()  # expect: TC101
    return full.to_numpy()


print(run_ranks(2, gather))

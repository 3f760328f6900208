"""Every rank builds the weight broadcast, but only odd steps sync it and the run has step 0."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator, step: int = 0) -> float:
    w = tr.from_numpy(np.full(8, float(comm.rank), np.float32))
    sync_weights = dist.broadcast(w, 0)  # expect: TC105
    if step % 2:
        sync_weights.sync()
    del sync_weights
    return float(w.to_numpy()[0])


print(run_ranks(2, rank))

"""Each rank builds a broadcast of the config vector but only rank 0's path runs it."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def sync_config(comm: dist.Communicator) -> float:
    cfg = tr.from_numpy(np.full(8, comm.rank + 1.0, np.float32))
    bcast = dist.broadcast(cfg, 0)  # expect: TC105
    del bcast
    return float(cfg.to_numpy()[0])


print(run_ranks(1, sync_config))

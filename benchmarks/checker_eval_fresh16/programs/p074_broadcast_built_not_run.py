"""On the stand-in, every rank builds a broadcast of its config, then forgets to run it."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm) -> int:
    cfg = tr.from_numpy(np.full(2, comm.rank, dtype=np.float32))
    sync_cfg = dist.broadcast(cfg, 0)  # expect: TC105
    del sync_cfg
    return comm.rank


print(run_ranks(2, rank))  # expect-also

"""Tensor-parallel logits: each rank's shard all-gathered, waited, then the argmax taken."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

SHARD = 32


def logits(comm: dist.Communicator) -> int:
    shard = tr.from_numpy(np.arange(SHARD, dtype=np.float32) + SHARD * comm.rank)
    full = tr.zeros((SHARD * comm.size,))
    pend = dist.all_gather(full, shard).submit()
    pend.wait()
    return int(np.argmax(full.to_numpy()))


assert run_ranks(3, logits) == [95, 95, 95]

"""Sequence-parallel logits gathered across two ranks, with the argmax taken early."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def pick(comm: dist.Communicator) -> int:
    shard = tr.from_numpy(np.arange(4, dtype=np.float32) + 4 * comm.rank)
    full = tr.zeros((4 * comm.size,))
    gathering = dist.all_gather(full, shard).submit()
    best = int(np.argmax(full.to_numpy()))  # expect: TC102
    gathering.wait()
    return best


print(run_ranks(2, pick))

"""Vocab-parallel logits gathered across ranks; each rank reads its own shard meanwhile."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

VOCAB_SHARD = 16


def rank(comm: dist.Communicator) -> int:
    local = np.arange(VOCAB_SHARD, dtype=np.float32) + 100 * comm.rank
    shard = tr.from_numpy(local, name="shard")
    full = tr.zeros((VOCAB_SHARD * comm.size,), name="full_logits")
    pending = dist.all_gather(full, shard).submit()
    local_best = int(np.argmax(shard.to_numpy()))  # the shard is only read by the gather
    pending.wait()
    assert local_best == VOCAB_SHARD - 1
    return int(np.argmax(full.to_numpy()))


assert run_ranks(2, rank) == [2 * VOCAB_SHARD - 1] * 2

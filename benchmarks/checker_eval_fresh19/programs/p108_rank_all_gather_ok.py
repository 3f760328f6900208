"""All-gather of per-rank shards on the stand-in; each rank reads its own shard meanwhile (only
read)."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank_fn(comm: dist.Communicator) -> list[float]:
    shard = tr.full((4,), float(comm.rank))
    full = tr.zeros(4 * comm.size)
    pending = dist.all_gather(full, shard).submit()
    mine = np.asarray(shard).copy()
    pending.wait()
    assert mine.sum() == 4.0 * comm.rank
    return full.to_numpy().tolist()


for got in run_ranks(2, rank_fn):
    assert got == [0.0] * 4 + [1.0] * 4
print("ok")

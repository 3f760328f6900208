"""Reduce-scatter of per-rank gradients on the stand-in, each rank's shard checked."""

from __future__ import annotations

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank_fn(comm: dist.Communicator) -> list[float]:
    grad = tr.full((16,), float(comm.rank + 1))
    shard = tr.zeros(8)
    pending = dist.reduce_scatter(shard, grad).submit()
    local = float(grad.to_numpy().sum())  # only read by the collective
    pending.wait()
    assert local == 16.0 * (comm.rank + 1)
    return shard.to_numpy().tolist()


shards = run_ranks(2, rank_fn)
assert all(v == 3.0 for s in shards for v in s)
print("ok")

"""On the stand-in: all-gather each rank's shard, then reduce-scatter a gradient, both checked."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm) -> tuple[list[float], list[float]]:
    shard = tr.from_numpy(np.full(4, comm.rank, dtype=np.float32))
    full = tr.empty((4 * comm.size,))
    grad = tr.from_numpy(np.arange(4 * comm.size, dtype=np.float32))
    part = tr.empty((4,))
    gathered = dist.all_gather(full, shard).submit()
    dist.reduce_scatter(part, grad).sync()
    gathered.wait()
    return full.to_numpy().tolist(), part.to_numpy().tolist()


res = run_ranks(2, rank)
assert res[0][0] == [0.0] * 4 + [1.0] * 4
assert res[1][1] == [8.0, 10.0, 12.0, 14.0]

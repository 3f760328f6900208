"""Rank 0's weights broadcast, then a reduce-scatter of the gradients, on the stand-in."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert import f32
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> tuple[np.ndarray, np.ndarray]:
    weights = tr.full((8,), float(comm.rank * 10), dtype=f32)
    comm.broadcast(weights, 0).sync()
    grads = tr.full((8,), float(comm.rank + 1), dtype=f32)
    shard = tr.zeros((8 // comm.size,), dtype=f32)
    pend = comm.reduce_scatter(shard, grads).submit()
    w = weights.to_numpy()  # broadcast already synced; grads only read by the scatter
    pend.wait()
    return w, shard.to_numpy()


for w, shard in run_ranks(2, rank):
    np.testing.assert_allclose(w, np.zeros(8))
    np.testing.assert_allclose(shard, np.full(4, 3.0))

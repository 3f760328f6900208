"""Reduce-scatter then all-gather on the stand-in: each rank's shard of the summed gradient,
gathered back whole."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

N = 128


def rank(comm: dist.Communicator) -> np.ndarray:
    grad = tr.from_numpy(np.arange(N, dtype=np.float32) * (comm.rank + 1))
    shard = tr.zeros((N // comm.size,))
    full = tr.zeros((N,))
    dist.reduce_scatter(shard, grad).sync()
    dist.all_gather(full, shard).sync()
    return full.to_numpy()


results = run_ranks(2, rank)
assert all(np.allclose(r, np.arange(N) * 3.0) for r in results)

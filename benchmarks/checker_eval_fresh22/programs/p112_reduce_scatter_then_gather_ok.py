"""ZeRO-style gradient step: reduce-scatter, average the shard, all-gather, in one .then chain."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

N = 64


def rank(comm: dist.Communicator) -> np.ndarray:
    grad = tr.from_numpy(np.full(N, float(comm.rank + 1), dtype=np.float32), name="grad")
    shard = tr.zeros((N // comm.size,), name="shard")
    full = tr.zeros((N,), name="full")
    size = comm.size
    chain = dist.reduce_scatter(shard, grad).then(lambda s, *_: K.scale_(tiles(s), 1.0 / size))
    chain.sync()
    dist.all_gather(full, shard).sync()
    return full.to_numpy()


for out in run_ranks(2, rank):
    np.testing.assert_allclose(out, 1.5)

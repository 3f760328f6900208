"""Two ranks on the stand-in: reduce-scatter the gradient, scale the shard, all-gather it back."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr
from tilert.distributed.testing import run_ranks


def rank(comm) -> np.ndarray:  # type: ignore[no-untyped-def]
    grad = tr.full((16,), float(comm.rank + 1), name="grad")
    shard = tr.empty((16 // comm.size,), name="shard")
    avg = tr.empty((16 // comm.size,), name="avg")
    comm.reduce_scatter(shard, grad).sync()
    K.scale(tiles(avg), shard, 1.0 / comm.size).sync()
    K.fill(tiles(grad), 0.0).sync()
    comm.all_gather(grad, avg).sync()
    return grad.to_numpy()


for result in run_ranks(2, rank):
    assert np.allclose(result, 1.5)

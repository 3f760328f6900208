"""Each rank rescales its local gradient with a kernel while the reduce-scatter that reads it
is still in flight."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles

import tilert as tr
from tilert.distributed.testing import run_ranks


def rank(comm) -> np.ndarray:
    grad = tr.from_numpy(np.arange(32, dtype=np.float32) + comm.rank)
    shard = tr.empty((32 // comm.size,))
    pending = comm.reduce_scatter(shard, grad).submit()
    K.scale_(tiles(grad), 0.0).sync()  # expect: TC103
    pending.wait()
    return shard.to_numpy()


print(run_ranks(2, rank))  # expect-also

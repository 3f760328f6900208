import numpy as np
from tilekit import scale

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

WORLD, PER_RANK = 2, 512


def sharded_step(comm):
    full_grad = tr.from_numpy(np.full(WORLD * PER_RANK, comm.rank + 1.0, dtype=np.float32))
    shard = tr.empty((PER_RANK,), name="grad_shard")
    averaged = tr.empty((PER_RANK,), name="avg_shard")
    pending = dist.reduce_scatter(shard, full_grad).submit()
    pending.wait()
    scale(averaged.partition((128,)), shard, 1.0 / comm.size).sync()
    gathered = tr.empty((WORLD * PER_RANK,))
    dist.all_gather(gathered, averaged).sync()
    return gathered.to_numpy()


for result in run_ranks(WORLD, sharded_step):
    assert np.allclose(result, 1.5)
print("reduce_scatter + all_gather ok")

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

WORLD = 2
SHARD = 256


def gather_embeddings(comm):
    shard = tr.from_numpy(np.full(SHARD, comm.rank, dtype=np.float32))
    full = tr.empty((WORLD * SHARD,), name="gathered")
    dist.all_gather(full.partition((SHARD,)), shard).sync()  # expect: TC106
    return full.to_numpy()


print(run_ranks(WORLD, gather_embeddings)[0][::SHARD])  # expect-also: TC106

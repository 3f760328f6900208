import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def sync_weights(comm):
    w = tr.from_numpy(np.full(512, 10.0 * comm.rank, dtype=np.float32))
    seed = tr.from_numpy(np.array([comm.rank], dtype=np.float32))
    dist.broadcast(w, 0).sync()
    dist.broadcast(seed, 0).submit()  # expect: TC108
    return float(w.to_numpy().sum())


print(run_ranks(2, sync_weights))  # expect-also: TC108

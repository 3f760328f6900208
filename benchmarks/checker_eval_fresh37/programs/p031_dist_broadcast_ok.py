import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

SEED_RANK = 0


def init_params(comm):
    if comm.rank == SEED_RANK:
        values = np.random.default_rng(42).standard_normal(512).astype(np.float32)
    else:
        values = np.zeros(512, dtype=np.float32)
    params = tr.from_numpy(values)
    dist.broadcast(params, SEED_RANK).sync()
    gathered = tr.empty((comm.size * 512,))
    dist.all_gather(gathered, params).sync()
    return gathered.to_numpy()


outs = run_ranks(3, init_params)
assert all(np.array_equal(outs[0], o) for o in outs)
print("params identical on", len(outs), "ranks")

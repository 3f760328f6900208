"""Parameter broadcasts built in a list comprehension; only ``syncs[:-1]`` go into the zip, so
the last parameter's broadcast is never run."""

import numpy as np

import tilert as tr
from tilert.distributed.testing import run_ranks


def rank(comm) -> int:
    params = [tr.from_numpy(np.full(8, float(comm.rank * 10 + i), np.float32)) for i in range(3)]
    syncs = [comm.broadcast(p, 0) for p in params]  # expect: TC105
    tr.zip(*syncs[:-1]).sync()
    return comm.rank


print(run_ranks(2, rank))  # expect-also

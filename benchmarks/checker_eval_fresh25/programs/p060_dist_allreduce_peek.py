"""Data-parallel gradient all-reduce, tested with the in-process stand-in ranks."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

N = 1024


def rank_main(comm) -> float:
    grad = tr.from_numpy(np.full(N, comm.rank + 1, dtype=np.float32))
    pending = dist.all_reduce(grad).submit()
    local_norm = float(np.linalg.norm(grad.to_numpy()))  # expect: TC102
    pending.wait()
    return local_norm


print(run_ranks(2, rank_main))  # expect-also: TC102

"""Data-parallel gradient all-reduce, overlapped with the host's logging (stand-in world of 2)."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

N = 1024


def rank(comm) -> float:
    grad = tr.from_numpy(np.full(N, comm.rank + 1.0, dtype=np.float32))
    pending = dist.all_reduce(grad).submit()
    local_norm = float(np.linalg.norm(grad.to_numpy()))  # expect: TC102
    pending.wait()
    return local_norm


if __name__ == "__main__":
    print(run_ranks(2, rank))

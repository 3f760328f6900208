"""Data-parallel gradient all-reduce, averaged after the wait (stand-in world of 2)."""

import numpy as np
from llmbasin import scale_

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

N = 1024


def rank(comm) -> float:
    grad = tr.from_numpy(np.full(N, comm.rank + 1.0, dtype=np.float32))
    pending = dist.all_reduce(grad).submit()
    pending.wait()
    scale_(grad.partition((256,)), 1.0 / comm.size).sync()
    return float(grad.to_numpy()[0])


if __name__ == "__main__":
    print(run_ranks(2, rank))

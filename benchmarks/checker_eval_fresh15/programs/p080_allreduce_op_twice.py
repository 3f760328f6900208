"""Each rank all-reduces its loss, then the logging path syncs the same op again."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm) -> float:
    loss = tr.from_numpy(np.full(4, float(comm.rank + 1), dtype=np.float32))
    reduce = dist.all_reduce(loss, op="sum")
    reduce.sync()
    reduce.sync()  # expect: TC110
    return float(loss.to_numpy()[0])


print(run_ranks(2, rank, timeout_s=20))  # expect-also

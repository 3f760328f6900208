import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def allreduce_loss(comm):
    loss = tr.from_numpy(np.array([comm.rank * 0.5] * 128, dtype=np.float32))
    dist.all_reduce(loss.partition((128,)), op="sum").sync()  # expect: TC106
    return float(loss.to_numpy()[0])


print(run_ranks(2, allreduce_loss))  # expect-also: TC106

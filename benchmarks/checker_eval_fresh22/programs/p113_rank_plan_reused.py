"""Data-parallel step on the stand-in: the gradient plan is made once for both local launches."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    x = tr.from_numpy(np.full(64, float(comm.rank + 1), dtype=np.float32))
    grad = tr.zeros((64,), name="grad")
    plan = tiles(grad)
    K.scale(plan, x, 0.1).sync()
    dist.all_reduce(grad).sync()
    K.scale_(plan, 1.0 / comm.size).sync()  # expect: TC109
    return float(grad.to_numpy()[0])


print(run_ranks(2, rank))  # expect-also

"""Two ranks on the stand-in: the gradient is all-reduced through its partition."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    grad = tr.from_numpy(np.full(16, comm.rank + 1.0, np.float32))
    dist.all_reduce(grad.partition((16,))).sync()  # expect: TC106
    return float(grad.to_numpy()[0])


print(run_ranks(2, rank))  # expect-also

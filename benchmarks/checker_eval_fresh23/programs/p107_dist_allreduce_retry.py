"""Gradient all-reduce with a retry when a rank reports a non-finite result."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def reduce_grads(comm) -> float:
    grad = tr.from_numpy(np.full(128, float(comm.rank + 1), dtype=np.float32))
    reduce = dist.all_reduce(grad)
    for attempt in range(2):
        reduce.sync()  # expect: TC110
        if np.isfinite(grad.to_numpy()).all() and attempt == 1:
            break
    return float(grad.to_numpy()[0])


print(run_ranks(2, reduce_grads))  # expect-also

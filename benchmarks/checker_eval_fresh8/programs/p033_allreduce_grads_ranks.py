"""Data parallel on the in-process stand-in: each rank's gradients all-reduced, then averaged
into its weights; the all-reduce is submitted and waited before the update reads it."""

import numpy as np
from llmweave.kernels import sgd

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> np.ndarray:
    grad = tr.from_numpy(np.full(64, comm.rank + 1, np.float32))
    weight = tr.ones((64,))
    pending = dist.all_reduce(grad).submit()
    pending.wait()
    sgd(weight.partition((16,)), grad, 1.0 / comm.size).sync()
    return weight.to_numpy()


results = run_ranks(2, rank)
assert all(np.allclose(r, 1.0 - 1.5) for r in results)
print("all-reduce ok")

"""Data-parallel gradient averaging on the in-process stand-in: two ranks, one all-reduce each."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def train_step(comm: dist.Communicator) -> np.ndarray:
    grad = tr.from_numpy(np.full(8, comm.rank + 1.0, dtype=np.float32))
    weights = tr.ones((8,))
    pending = dist.all_reduce(grad).submit()
    pending.wait()
    k.axpy(tiles(weights), grad, -0.5 / comm.size).sync()
    return weights.to_numpy()


results = run_ranks(2, train_step)
for r in results:
    np.testing.assert_allclose(r, np.full(8, 0.25))
print("ok")

"""Reduce-scatter on the stand-in: each rank keeps its part of the summed activations."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

WORLD, PART = 2, 64


def step(comm: dist.Communicator) -> np.ndarray:
    acts = tr.from_numpy(np.arange(WORLD * PART, dtype=np.float32) * (comm.rank + 1))
    mine = tr.zeros((PART,), name="mine")
    pend = dist.reduce_scatter(mine, acts).submit()
    pend.wait()
    return mine.to_numpy()


parts = run_ranks(WORLD, step)
full = np.arange(WORLD * PART, dtype=np.float32) * 3
np.testing.assert_allclose(np.concatenate(parts), full)

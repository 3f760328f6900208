"""Data-parallel gradients: each rank's gradient all-reduced (submitted, waited), then averaged."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
import tilert.distributed as dist
from tilert import f32
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> np.ndarray:
    grad = tr.full((8,), float(comm.rank + 1), dtype=f32)
    reduced = comm.all_reduce(grad).submit()
    reduced.wait()
    avg = tr.zeros((8,), dtype=f32)
    k.scale(tiles(avg), grad, 1.0 / comm.size).sync()
    return avg.to_numpy()


for r in run_ranks(2, rank):
    np.testing.assert_allclose(r, np.full(8, 1.5))

"""Rank 0 broadcasts a LoRA delta, every rank applies it; a reduce-scatter shards the sum."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def apply(comm: dist.Communicator) -> np.ndarray:
    delta = tr.full((8,), 3.0) if comm.rank == 0 else tr.zeros((8,))
    weights = tr.ones((8,))
    dist.broadcast(delta, 0).sync()
    k.acc(tiles(weights), delta).sync()
    part = tr.zeros((8 // comm.size,))
    pending = dist.reduce_scatter(part, weights).submit()
    pending.wait()
    return part.to_numpy()


for r in run_ranks(2, apply):
    np.testing.assert_allclose(r, np.full(4, 8.0))
print("ok")

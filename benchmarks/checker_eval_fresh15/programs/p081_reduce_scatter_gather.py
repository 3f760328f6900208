"""Reduce-scatter gradients, scale each shard, all-gather them back: four ranks on the stand-in."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm) -> np.ndarray:
    grad = tr.from_numpy(np.arange(64, dtype=np.float32) + comm.rank)
    shard = tr.zeros((64 // comm.size,))
    dist.reduce_scatter(shard, grad).sync()
    scaled = tr.zeros(shard.shape)
    K.scale(tiles(scaled), shard, 1.0 / comm.size).sync()
    full = tr.zeros((64,))
    dist.all_gather(full, scaled).sync()
    return full.to_numpy()


results = run_ranks(4, rank, timeout_s=30)
expect = np.arange(64, dtype=np.float32) + 1.5
assert all(np.allclose(r, expect) for r in results)

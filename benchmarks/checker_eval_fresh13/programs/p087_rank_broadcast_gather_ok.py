"""Rank 0 broadcasts a prompt embedding, every rank scales it, the results are all-gathered."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> np.ndarray:
    emb = tr.arange(64) if comm.rank == 0 else tr.zeros(64)
    dist.broadcast(emb, 0).sync()
    mine = tr.zeros(64)
    K.scale(tiles(mine), emb, float(comm.rank + 1)).sync()
    everyone = tr.zeros(64 * comm.size)
    dist.all_gather(everyone, mine).sync()
    return everyone.to_numpy()


results = run_ranks(2, rank)
ref = np.concatenate([np.arange(64), 2 * np.arange(64)]).astype(np.float32)
assert all(np.array_equal(r, ref) for r in results)

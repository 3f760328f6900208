"""Rank 0 loads the weights and broadcasts them; each rank then runs a local scale."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank_main(comm) -> float:
    w = tr.zeros((256,), name="w")
    if comm.rank == 0:
        w.copy_from(np.full(256, 3.0, dtype=np.float32))
    dist.broadcast(w, src=0).sync()
    out = tr.empty((256,))
    scale(tiles(out), w, 0.5).sync()
    return float(out.to_numpy()[0])


assert run_ranks(2, rank_main) == [1.5, 1.5]

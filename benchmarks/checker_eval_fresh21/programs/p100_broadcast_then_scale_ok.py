"""Rank 0's weights broadcast on the stand-in, then each rank scales them by its rank + 1."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    w = H.upload(np.full(32, float(comm.rank == 0)))
    out = tr.zeros((32,))
    op = dist.broadcast(w, 0).then(lambda wt: K.scale(H.tiles(out), wt, comm.rank + 1.0))
    op.sync()
    return float(out.to_numpy().sum())


assert run_ranks(2, rank) == [32.0, 64.0]

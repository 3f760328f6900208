"""Rank 0's weights broadcast on the stand-in; the broadcast is handed a plan of the weight."""

import numpy as np
from llmloom import host as H

import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    w = H.upload(np.full(32, float(comm.rank == 0)))
    dist.broadcast(H.tiles(w), 0).sync()  # expect: TC106
    return float(w.to_numpy().sum())


print(run_ranks(2, rank))  # expect-also

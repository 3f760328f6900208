"""A two-rank ring: rank 0 sends then receives, rank 1 receives then sends, each waited."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    mine = tr.from_numpy(np.full(4, 10.0 * (comm.rank + 1), np.float32))
    theirs = tr.zeros((4,))
    peer = 1 - comm.rank
    if comm.rank == 0:
        dist.send(mine, peer).sync()
        dist.recv(theirs, peer).sync()
    else:
        dist.recv(theirs, peer).sync()
        dist.send(mine, peer).sync()
    return float(theirs.to_numpy()[0])


assert run_ranks(2, rank) == [20.0, 10.0]

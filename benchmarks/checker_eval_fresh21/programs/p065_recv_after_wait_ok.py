"""Two ranks on the stand-in: rank 1 waits its scale before receiving into the buffer it read."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    buf = H.upload(np.full(16, comm.rank))
    out = tr.zeros((16,))
    if comm.rank == 0:
        dist.send(H.upload(np.arange(16)), 1).sync()
        return 0.0
    pending = K.scale(H.tiles(out), buf, 2.0).submit()
    pending.wait()
    dist.recv(buf, 0).sync()
    return float(out.to_numpy().sum() + buf.to_numpy().sum())


assert run_ranks(2, rank) == [0.0, 32.0 + 120.0]

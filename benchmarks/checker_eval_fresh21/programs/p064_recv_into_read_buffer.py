"""Two ranks on the stand-in: rank 1 receives the next activations into the buffer its
submitted scale still reads."""

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
    dist.recv(buf, 0).sync()  # expect: TC103
    pending.wait()
    return float(out.to_numpy().sum())


print(run_ranks(2, rank))  # expect-also

"""Two-stage pipeline parallelism on the stand-in: rank 0 computes its stage and sends the
activation; rank 1 receives it, computes, and returns the result."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles

import tilert as tr
from tilert.distributed.testing import run_ranks


def rank(comm) -> np.ndarray | None:
    act = tr.empty((64,))
    if comm.rank == 0:
        x = tr.from_numpy(np.arange(64, dtype=np.float32))
        K.scale(tiles(act), x, 2.0).sync()
        comm.send(act, 1).sync()
        return None
    comm.recv(act, 0).sync()
    out = tr.empty((64,))
    K.add(tiles(out), act, act).sync()
    return out.to_numpy()


_, last = run_ranks(2, rank)
assert last is not None and np.array_equal(last, 4 * np.arange(64, dtype=np.float32))

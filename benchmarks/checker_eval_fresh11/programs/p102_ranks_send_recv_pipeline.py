"""Pipeline parallelism on the stand-in: rank 0 computes a stage and sends it, rank 1 receives
it and finishes."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

N = 128


def stage(comm: dist.Communicator) -> float:
    act = tr.zeros((N,), name="act")
    if comm.rank == 0:
        K.scale(tiles(act), tr.arange(N), 2.0).sync()
        dist.send(act, 1).sync()
        return 0.0
    dist.recv(act, 0).sync()
    out = tr.zeros((N,))
    K.shift(tiles(out), act, 1.0).sync()
    return float(out.to_numpy().sum())


res = run_ranks(2, stage)
assert res[1] == float((2 * np.arange(N) + 1).sum()), res

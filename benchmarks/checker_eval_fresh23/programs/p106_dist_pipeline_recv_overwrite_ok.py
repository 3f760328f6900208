"""Two pipeline stages: stage 1 computes on one activation buffer while receiving into another."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import relu

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

N = 256


def stage(comm) -> list[float]:
    if comm.rank == 0:
        for mb in range(2):
            dist.send(tr.from_numpy(np.full(N, mb + 0.5, dtype=np.float32)), 1).sync()
        return []
    acts = [tr.zeros((N,), name=f"act{i}") for i in range(2)]
    outs = [tr.empty((N,), name=f"out{i}") for i in range(2)]
    dist.recv(acts[0], 0).sync()
    compute = relu(tiles(outs[0]), acts[0]).submit()
    dist.recv(acts[1], 0).sync()
    last = relu(tiles(outs[1]), acts[1]).submit()
    compute.wait()
    last.wait()
    return [float(o.to_numpy()[0]) for o in outs]


assert run_ranks(2, stage) == [[], [0.5, 1.5]]

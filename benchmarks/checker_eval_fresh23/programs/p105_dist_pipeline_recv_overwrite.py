"""Two pipeline stages: stage 1 computes on its activation buffer, then receives the next one."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import relu

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

N = 256


def stage(comm) -> float:
    act = tr.zeros((N,), name="act")
    if comm.rank == 0:
        for mb in range(2):
            dist.send(tr.from_numpy(np.full(N, mb - 0.5, dtype=np.float32)), 1).sync()
        return 0.0
    out = tr.empty((N,), name="out")
    dist.recv(act, 0).sync()
    compute = relu(tiles(out), act).submit()
    dist.recv(act, 0).sync()  # expect: TC103
    compute.wait()
    return float(out.to_numpy()[0])


print(run_ranks(2, stage))  # expect-also

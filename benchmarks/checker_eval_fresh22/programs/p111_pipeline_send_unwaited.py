"""Two pipeline stages on the stand-in: stage 0 sends activations, stage 1 receives them."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def stage(comm: dist.Communicator) -> float:
    act = tr.zeros((128,), name="act")
    if comm.rank == 0:
        src = tr.from_numpy(np.full(128, 0.5, dtype=np.float32))
        K.scale(tiles(act), src, 2.0).sync()
        dist.send(act, dst=1).submit()  # expect: TC108
        return 0.0
    dist.recv(act, src=0).sync()
    return float(act.to_numpy().sum())


print(run_ranks(2, stage))  # expect-also

"""Two pipeline ranks on the stand-in: rank 0 refills its activation buffer while its send of
the buffer is still in flight."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    act = tr.from_numpy(np.full(64, comm.rank + 1.0, np.float32))
    if comm.rank == 0:
        sent = dist.send(act, 1).submit()
        act.copy_from(np.zeros(64, np.float32))  # expect: TC103
        sent.wait()
        return 0.0
    dist.recv(act, 0).sync()
    return float(act.to_numpy().sum())


print(run_ranks(2, rank))  # expect-also

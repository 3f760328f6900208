"""A two-rank hand-off on the stand-in: rank 1 reads its receive buffer before the wait."""

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm) -> float:
    buf = tr.zeros((32,))
    if comm.rank == 0:
        dist.send(tr.ones((32,)), 1).sync()
        return 0.0
    pending = dist.recv(buf, 0).submit()
    got = float(buf.to_numpy().sum())  # expect: TC102
    pending.wait()
    return got


print(run_ranks(2, rank, timeout_s=20))  # expect-also

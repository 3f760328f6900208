"""Two pipeline stages on the stand-in: rank 0 computes and sends its activation, rank 1
receives it into a buffer and reads it after the receive's wait."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def stage(comm: dist.Communicator) -> float:
    act = tr.zeros((16,), name=f"act{comm.rank}")
    if comm.rank == 0:
        K.scale(tiles(act), tr.ones((16,)), 3.0).sync()
        sending = dist.send(act, 1).submit()
        assert float(act.to_numpy()[0]) == 3.0  # only read by the send
        sending.wait()
        return 0.0
    receiving = dist.recv(act, 0).submit()
    receiving.wait()
    return float(act.to_numpy().sum())


assert run_ranks(2, stage) == [0.0, 48.0]

"""All-gather whose output buffer is the input shard itself (an in-place gather)."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> np.ndarray:
    buf = tr.from_numpy(np.full(32, comm.rank, np.float32))
    shard = buf
    dist.all_gather(buf, shard).sync()  # expect: TC101
    return buf.to_numpy()


print(run_ranks(1, rank))

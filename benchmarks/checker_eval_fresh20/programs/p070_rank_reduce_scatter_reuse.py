"""A rank partitions its gradient for the next micro-batch while reduce_scatter still reads it."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    grad = tr.from_numpy(np.full(8, 1.0, np.float32))
    shard = tr.zeros((8 // comm.size,))
    pending = dist.reduce_scatter(shard, grad).submit()
    K.accum(grad.partition((4,)), upload(np.ones(8))).sync()  # expect: TC103
    pending.wait()
    return float(shard.to_numpy()[0])


print(run_ranks(2, rank))  # expect-also

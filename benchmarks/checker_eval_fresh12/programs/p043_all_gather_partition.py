"""Tensor-parallel shards gathered on the stand-in; the output is passed partitioned."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> np.ndarray:
    shard = tr.from_numpy(np.full(64, comm.rank, np.float32))
    full = tr.zeros((64 * comm.size,))
    dist.all_gather(full.partition((64,)), shard).sync()  # expect: TC106
    return full.to_numpy()


print(run_ranks(2, rank))  # expect-also

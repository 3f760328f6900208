"""A rank all-reduces its numpy loss array directly."""

import numpy as np

import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> None:
    loss = np.array([1.0 + comm.rank], dtype=np.float32)
    dist.all_reduce(loss).sync()  # expect: TC106


run_ranks(2, rank)  # expect-also

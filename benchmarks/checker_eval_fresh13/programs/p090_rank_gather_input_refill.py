"""A rank overwrites the tensor its all-gather still reads, before the gather's wait."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> None:
    part = tr.full((32,), float(comm.rank))
    whole = tr.zeros(64)
    pending = dist.all_gather(whole, part).submit()
    part.copy_from(np.zeros(32, dtype=np.float32))  # expect: TC103
    pending.wait()


run_ranks(2, rank)  # expect-also

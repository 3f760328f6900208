"""A rank broadcasts a partition of its weights instead of the tensor."""

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> None:
    w = tr.ones(128)
    dist.broadcast(w.partition((64,)), 0).sync()  # expect: TC106


run_ranks(2, rank)  # expect-also

"""Gradients all-reduced on the stand-in; a clip helper measures the norm before the
all-reduce's wait."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def grad_norm(g: tr.Tensor) -> float:
    return float(np.linalg.norm(g.to_numpy()))  # expect: TC102


def rank(comm: dist.Communicator) -> float:
    g = tr.from_numpy(np.full(64, comm.rank + 1.0, np.float32))
    pend = dist.all_reduce(g).submit()
    norm = grad_norm(g)  # expect-also
    pend.wait()
    return norm


print(run_ranks(2, rank))

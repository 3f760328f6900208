"""Sequence-parallel activations gathered on the stand-in; a rank reads the gather early."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert import f32
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> np.ndarray:
    local = tr.full((4,), float(comm.rank), dtype=f32)
    full = tr.zeros((4 * comm.size,), dtype=f32)
    pend = comm.all_gather(full, local).submit()
    head = full.to_numpy()[:4].copy()  # expect: TC102
    pend.wait()
    return head


print(run_ranks(2, rank))  # expect-also

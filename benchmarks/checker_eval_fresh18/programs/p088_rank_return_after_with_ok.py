"""A rank function leaving its ``settle`` block before it reads the all-reduced gradient."""

from contextlib import contextmanager

import numpy as np

import tilert as tr
from tilert.distributed.testing import run_ranks


@contextmanager
def settle(pending: tr.Pending):
    try:
        yield
    finally:
        pending.wait()


def rank(comm) -> np.ndarray:
    grad = tr.from_numpy(np.full(16, comm.rank + 1.0, np.float32))
    with settle(comm.all_reduce(grad).submit()):
        pass
    return grad.to_numpy().copy()


results = run_ranks(2, rank)
assert all(np.all(r == 3.0) for r in results)

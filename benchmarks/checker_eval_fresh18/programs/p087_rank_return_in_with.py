"""A rank function returning its all-reduced gradient from inside a ``settle`` context manager:
the ``return`` expression runs before ``__exit__`` waits."""

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
        return grad.to_numpy().copy()  # expect: TC102


print(run_ranks(2, rank))  # expect-also

"""Two ranks on the stand-in: metric all-reduces are built in a list; only the loss is run."""

import numpy as np

import tilert as tr
from tilert.distributed.testing import run_ranks


def rank(comm) -> float:  # type: ignore[no-untyped-def]
    loss = tr.full((4,), float(comm.rank))
    tokens = tr.full((4,), 10.0)
    ops = [comm.all_reduce(loss), comm.all_reduce(tokens)]  # expect: TC105
    ops[0].sync()
    return float(loss.to_numpy()[0])


print(np.asarray(run_ranks(2, rank)))  # expect-also

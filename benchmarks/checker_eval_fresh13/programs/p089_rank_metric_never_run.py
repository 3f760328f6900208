"""Each rank builds the loss all-reduce for logging and returns before running it."""

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    loss = tr.full((1,), 0.5 * (comm.rank + 1))
    report = dist.all_reduce(loss, op="max")  # expect: TC105
    del report
    return float(loss.to_numpy()[0])


print(run_ranks(2, rank))  # expect-also

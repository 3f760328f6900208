"""Each rank logs its reduce-scatter shard before the collective's wait (stand-in world of 2)."""

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    grads = tr.full((128,), float(comm.rank + 1))
    shard = tr.zeros(64)
    pending = dist.reduce_scatter(shard, grads).submit()
    first = float(shard.to_numpy()[0])  # expect: TC102
    pending.wait()
    return first


print(run_ranks(2, rank))  # expect-also

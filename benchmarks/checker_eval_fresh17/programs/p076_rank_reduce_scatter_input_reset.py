"""Two ranks on the stand-in: the reduce-scatter's input gradient is zeroed before the op is
waited."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr
from tilert.distributed.testing import run_ranks


def rank(comm) -> np.ndarray:  # type: ignore[no-untyped-def]
    grad = tr.full((16,), float(comm.rank + 1), name="grad")
    shard = tr.empty((16 // comm.size,), name="shard")
    pending = comm.reduce_scatter(shard, grad).submit()
    K.fill(tiles(grad), 0.0).sync()  # expect: TC103
    pending.wait()
    return shard.to_numpy()


print(run_ranks(2, rank))  # expect-also

"""Two ranks on the stand-in: each gathers its shard and reads the gathered buffer before the
wait."""

import numpy as np

import tilert as tr
from tilert.distributed.testing import run_ranks


def rank(comm) -> np.ndarray:  # type: ignore[no-untyped-def]
    shard = tr.full((8,), float(comm.rank + 1))
    gathered = tr.zeros((8 * comm.size,))
    pending = comm.all_gather(gathered, shard).submit()
    view = gathered.to_numpy().copy()  # expect: TC102
    pending.wait()
    return view


print(run_ranks(2, rank))  # expect-also

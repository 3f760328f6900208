"""Parameters broadcast from rank 0, one op per parameter built by a comprehension; the zip takes
`ops[1:]`, skipping the embedding."""

from __future__ import annotations

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank_fn(comm: dist.Communicator) -> float:
    params = [tr.full((8,), float(comm.rank)) for _ in range(3)]
    ops = [dist.broadcast(p, 0) for p in params]  # expect: TC105
    tr.zip(*ops[1:]).sync()
    return float(params[1].to_numpy().sum())


print(run_ranks(2, rank_fn))

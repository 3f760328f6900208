"""Each rank of the stand-in broadcasts the config vector from rank 0 and logs it before the
broadcast's wait."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank_fn(comm: dist.Communicator) -> float:
    cfg = tr.full((8,), float(comm.rank + 1))
    pending = dist.broadcast(cfg, 0).submit()
    seen = float(np.asarray(cfg).sum())  # expect: TC102
    pending.wait()
    return seen


print(run_ranks(2, rank_fn))  # expect-also

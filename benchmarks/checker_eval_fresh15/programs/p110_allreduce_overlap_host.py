"""Each rank all-reduces its gradient while the host reads the (separate) weights meanwhile."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm) -> float:
    grad = tr.from_numpy(np.full(16, float(comm.rank + 1), dtype=np.float32))
    weights = tr.ones((16,))
    pending = dist.all_reduce(grad).submit()
    norm = float(np.linalg.norm(weights.to_numpy()))
    pending.wait()
    return float(grad.to_numpy()[0]) * norm


assert run_ranks(3, rank, timeout_s=20) == [24.0, 24.0, 24.0]

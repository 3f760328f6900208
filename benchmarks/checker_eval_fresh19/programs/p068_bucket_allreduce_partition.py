"""A gradient bucket on each rank of the stand-in flushes with an all-reduce of the bucket's
plan instead of the tensor."""

from __future__ import annotations

from llmfern.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


class Bucket:
    def __init__(self, n: int, rank: int) -> None:
        self.grad = tr.full((n,), float(rank + 1))

    def flush(self) -> None:
        dist.all_reduce(tiles(self.grad)).sync()  # expect: TC106


def rank_fn(comm: dist.Communicator) -> float:
    bucket = Bucket(64, comm.rank)
    bucket.flush()  # expect-also
    return float(bucket.grad.to_numpy()[0])


print(run_ranks(2, rank_fn))

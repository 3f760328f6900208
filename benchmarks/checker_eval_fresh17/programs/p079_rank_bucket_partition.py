"""Two ranks on the stand-in: a gradient bucket hands its tile plan to the all-reduce."""

from dataclasses import dataclass

from llmspool.host import tiles

import tilert as tr
from tilert.distributed.testing import run_ranks


@dataclass
class Bucket:
    grads: tr.Tensor

    def reduce(self, comm) -> None:  # type: ignore[no-untyped-def]
        comm.all_reduce(tiles(self.grads), op="sum").sync()  # expect: TC106


def rank(comm) -> float:  # type: ignore[no-untyped-def]
    bucket = Bucket(tr.full((32,), 1.0))
    bucket.reduce(comm)  # expect-also
    return float(bucket.grads.to_numpy()[0])


print(run_ranks(2, rank))

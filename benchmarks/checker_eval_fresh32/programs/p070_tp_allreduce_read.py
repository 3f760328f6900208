"""Tensor-parallel MLP output: each rank all-reduces its partial sums; the rank logs its
partial before the all-reduce it submitted is waited. Runs two ranks on the stand-in."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

D = 64


def rank_main(comm) -> np.ndarray:
    rank = comm.rank
    partial = tr.from_numpy(np.full(D, float(rank + 1), dtype=np.float32), name="partial")
    pending = dist.all_reduce(partial).submit()
    print("rank", rank, "partial", partial.to_numpy()[0])  # expect: TC102
    pending.wait()
    return partial.to_numpy()


results = run_ranks(2, rank_main)  # expect-also: TC102
print([float(r[0]) for r in results])

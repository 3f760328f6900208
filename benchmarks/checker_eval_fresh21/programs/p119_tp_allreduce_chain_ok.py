"""Tensor parallelism on the stand-in: each rank's partial product, then an all-reduce chained
with .then; every rank ends with the sum."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> list[float]:
    x = H.upload(np.arange(8))
    part = tr.zeros((8,))
    op = K.scale(part.partition((8,)), x, comm.rank + 1.0).then(lambda p, *_: dist.all_reduce(part))
    op.sync()
    return part.to_numpy().tolist()


results = run_ranks(2, rank)
assert results[0] == results[1] == [3.0 * i for i in range(8)]

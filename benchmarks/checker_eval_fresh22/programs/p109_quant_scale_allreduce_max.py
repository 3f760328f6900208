"""Tensor-parallel int8 quantisation: the global abs-max comes from an all_reduce(op="max")."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    rng = np.random.default_rng(comm.rank)
    shard = tr.from_numpy(rng.standard_normal(64).astype(np.float32), name="shard")
    absmax = tr.zeros((64,), name="absmax")
    K.relu(tiles(absmax), shard).sync()
    pending = dist.all_reduce(absmax, op="max").submit()
    scale = float(absmax.to_numpy().max()) / 127.0  # expect: TC102
    pending.wait()
    return scale


print(run_ranks(2, rank))  # expect-also

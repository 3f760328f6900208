"""Tensor-parallel MLP partials all-reduced on the stand-in while the host reads the input and
the weights the collective does not touch; the result is read after the wait."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles

import tilert as tr
from tilert.distributed.testing import run_ranks


def rank(comm) -> np.ndarray:
    x = tr.from_numpy(np.ones(32, np.float32))
    w_shard = tr.from_numpy(np.full(32, comm.rank + 1.0, np.float32))
    partial_out = tr.empty((32,))
    K.mul(tiles(partial_out), x, w_shard).sync()
    pending = comm.all_reduce(partial_out).submit()
    norm = float(np.linalg.norm(w_shard.to_numpy() * x.to_numpy()))
    pending.wait()
    assert norm > 0
    return partial_out.to_numpy()


assert all(np.all(r == 3.0) for r in run_ranks(2, rank))

"""Vocab-parallel sampling: each rank's logit shard all-gathered, tk.argmax on the whole row."""

import numpy as np

import tilert as tr
import tilert.distributed as dist
import tilert.kernels as tk
from tilert.distributed.testing import run_ranks

full = np.sin(np.arange(128, dtype=np.float32))


def rank(comm: dist.Communicator) -> int:
    shard = tr.from_numpy(full[comm.rank * 64 : (comm.rank + 1) * 64].copy())
    row = tr.zeros(128)
    dist.all_gather(row, shard).sync()
    best = tr.zeros(1, dtype=tr.i32)
    tk.argmax(best, row.reshape(1, 128)).sync()
    return int(best.to_numpy()[0])


assert run_ranks(2, rank) == [int(full.argmax())] * 2

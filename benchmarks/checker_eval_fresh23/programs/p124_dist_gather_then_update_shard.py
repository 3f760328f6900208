"""Vocab-parallel head: gather every rank's logits shard, update the shard for the next step."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale_inplace

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

SHARD = 128


def rank_main(comm) -> float:
    shard = tr.from_numpy(np.full(SHARD, float(comm.rank), dtype=np.float32))
    full = tr.empty((SHARD * comm.size,))
    gather = dist.all_gather(full, shard).submit()
    scale_inplace(tiles(shard), 0.5).sync()  # expect: TC103
    gather.wait()
    return float(full.to_numpy().sum())


print(run_ranks(2, rank_main))  # expect-also

"""A script written for several GPUs, run unlaunched: a world of one."""

from __future__ import annotations

from llmcraft.host import tiles

import tilert as tr
import tilert.distributed as dist

comm = dist.init()
hidden = tr.ones((8,))
dist.all_reduce(tiles(hidden)).sync()  # expect: TC106
print(comm.rank, hidden.to_numpy())
dist.shutdown()

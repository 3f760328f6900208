"""Shard copies submitted together; the head shards are waited, the tail shard is read."""

from __future__ import annotations

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

shards = [tr.zeros((4,)) for _ in range(4)]
src = tr.arange(4)
pendings = [k.copy(tiles(s), src).submit() for s in shards]
*head, last = pendings
for p in head:
    p.wait()
total = sum(float(s.to_numpy().sum()) for s in shards)  # expect: TC102
last.wait()
print(total)

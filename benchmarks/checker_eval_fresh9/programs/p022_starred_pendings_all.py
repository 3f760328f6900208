"""Shard copies submitted together; the first is waited by hand, the rest by a loop."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

shards = [tr.zeros((4,)) for _ in range(4)]
src = tr.arange(4)
first, *rest = [k.scale(tiles(s), src, float(i)).submit() for i, s in enumerate(shards)]
first.wait()
for p in rest:
    p.wait()
total = np.stack([s.to_numpy() for s in shards])
np.testing.assert_allclose(total.sum(axis=1), [0, 6, 12, 18])
print("ok")

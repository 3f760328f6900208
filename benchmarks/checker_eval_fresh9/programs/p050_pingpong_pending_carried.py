"""A two-slot prefetcher whose Pending is carried across iterations and waited before use."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

data = [np.full(4, i, dtype=np.float32) for i in range(6)]
slots = [tr.zeros((4,)), tr.zeros((4,))]
total = tr.zeros((4,))
inflight = k.copy(tiles(slots[0]), tr.from_numpy(data[0])).submit()
for i in range(len(data)):
    inflight.wait()
    if i + 1 < len(data):
        inflight = k.copy(tiles(slots[(i + 1) % 2]), tr.from_numpy(data[i + 1])).submit()
    k.acc(tiles(total), slots[i % 2]).sync()
np.testing.assert_allclose(total.to_numpy(), np.full(4, 15.0))
print("ok")

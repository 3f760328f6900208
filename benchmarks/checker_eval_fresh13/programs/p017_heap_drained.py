"""The heap drained with heappop in priority order before any output is read."""

import heapq

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros(128) for _ in range(3)]
heap: list[tuple[int, int, tr.Pending]] = []
for i, out in enumerate(outs):
    heapq.heappush(heap, (2 - i, i, K.scale(tiles(out), x, float(i)).submit()))
while heap:
    heapq.heappop(heap)[2].wait()
for i, out in enumerate(outs):
    assert np.array_equal(out.to_numpy(), np.arange(128, dtype=np.float32) * i)

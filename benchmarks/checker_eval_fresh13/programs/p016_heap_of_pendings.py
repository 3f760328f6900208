"""Requests in a heap of (priority, index, pending); only the top is popped and waited."""

import heapq

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros(128) for _ in range(3)]
heap: list[tuple[int, int, tr.Pending]] = []
for i, out in enumerate(outs):
    heapq.heappush(heap, (2 - i, i, K.scale(tiles(out), x, float(i)).submit()))
_, first, pending = heapq.heappop(heap)
pending.wait()
print(outs[first].to_numpy()[1])
print(outs[0].to_numpy()[1])  # expect: TC102
for _, _, p in heap:
    p.wait()

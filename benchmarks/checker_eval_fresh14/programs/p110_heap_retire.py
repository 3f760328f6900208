"""Continuous batching: running requests in a heap keyed by finish step; a request is read only
when it retires, after its slot's Pending is waited."""

import heapq

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

slots = [tr.zeros((16,), name=f"slot{i}") for i in range(3)]
pending: dict[int, tr.Pending] = {}
heap: list[tuple[int, int]] = []
x = tr.ones((16,))
for rid, length in enumerate((3, 1, 2)):
    pending[rid] = K.scale(tiles(slots[rid]), x, float(length)).submit()
    heapq.heappush(heap, (length, rid))
finished = []
while heap:
    _, rid = heapq.heappop(heap)
    pending.pop(rid).wait()
    finished.append((rid, float(slots[rid].to_numpy()[0])))
assert finished == [(1, 1.0), (2, 2.0), (0, 3.0)], finished
assert not pending

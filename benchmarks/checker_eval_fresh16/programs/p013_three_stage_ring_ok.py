"""A three-deep ring of buffers; each step reads the slot whose Pending it just waited."""

from collections import deque

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(16, 1.0)
ring = [vec(16) for _ in range(3)]
inflight: deque = deque()
seen = []
for i in range(6):
    inflight.append((i, scale(tiles(ring[i % 3]), x, float(i)).submit()))
    if len(inflight) == 3:
        j, p = inflight.popleft()
        p.wait()
        seen.append(float(ring[j % 3].to_numpy()[0]))
while inflight:
    j, p = inflight.popleft()
    p.wait()
    seen.append(float(ring[j % 3].to_numpy()[0]))
assert seen == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0], seen

"""A three-deep ring of buffers; the pipeline waits two steps back but reads one step back."""

from collections import deque

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(16, 1.0)
ring = [vec(16) for _ in range(3)]
inflight: deque = deque()
seen = []
for i in range(6):
    inflight.append(scale(tiles(ring[i % 3]), x, float(i)).submit())
    if len(inflight) == 3:
        inflight.popleft().wait()
        seen.append(float(ring[(i - 1) % 3].to_numpy()[0]))  # expect: TC102
while inflight:
    inflight.popleft().wait()
print(seen)

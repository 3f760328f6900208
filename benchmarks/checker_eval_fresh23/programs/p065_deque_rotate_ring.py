"""A three-slot ring of KV staging buffers rotated with deque.rotate; slot 0 is written next."""

from collections import deque

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

ring = deque(tr.zeros((128,), name=f"slot{i}") for i in range(3))
pend = deque()
x = tr.from_numpy(np.ones(128, dtype=np.float32))
seen = []
for step in range(4):
    pend.append(scale(tiles(ring[0]), x, float(step + 1)).submit())
    ring.rotate(-1)
    if len(pend) == 2:
        pend.popleft().wait()
        seen.append(float(ring[-1].to_numpy()[0]))  # expect: TC102
while pend:
    pend.popleft().wait()
print(seen)

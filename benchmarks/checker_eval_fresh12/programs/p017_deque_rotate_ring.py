"""A two-slot ring of (buffer, pending) in a deque rotated each step; the head is read before
its own fill was waited."""

from collections import deque

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

N = 256
chunks = [tr.full((N,), float(i + 1)) for i in range(4)]
ring: deque[tuple[tr.Tensor, tr.Pending | None]] = deque([(tr.zeros((N,)), None)] * 1)
ring.append((tr.zeros((N,)), None))

sums = []
for chunk in chunks:
    buf, prev = ring.popleft()
    if prev is not None:
        prev.wait()
    pend = K.copy(tiles(buf), chunk).submit()
    ring.append((buf, pend))
    ring.rotate(1)
    head, _ = ring[0]
    sums.append(float(head.to_numpy().sum()))  # expect: TC102

for _, p in ring:
    if p is not None:
        p.wait()
print(sums)

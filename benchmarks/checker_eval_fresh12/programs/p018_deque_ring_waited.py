"""A two-slot ring of (buffer, pending) in a deque: each step fills one slot and reads the
other, whose fill it waits first."""

from collections import deque

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

N = 256
chunks = [tr.full((N,), float(i + 1)) for i in range(4)]
ring: deque[tuple[tr.Tensor, tr.Pending | None]] = deque()
ring.append((tr.zeros((N,)), None))
ring.append((tr.zeros((N,)), None))

sums = []
for chunk in chunks:
    buf, prev = ring.popleft()
    if prev is not None:
        prev.wait()
        sums.append(float(buf.to_numpy().sum()))
    ring.append((buf, K.copy(tiles(buf), chunk).submit()))

while ring:
    buf, p = ring.popleft()
    if p is not None:
        p.wait()
        sums.append(float(buf.to_numpy().sum()))
assert sums == [N * 1.0, N * 2.0, N * 3.0, N * 4.0], sums

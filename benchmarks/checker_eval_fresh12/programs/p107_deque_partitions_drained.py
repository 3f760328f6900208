"""Partitions queued in a deque and handed out with popleft() until empty; then the buffers are
read."""

from collections import deque

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

bufs = [tr.zeros((128,)) for _ in range(3)]
ready = deque(tiles(b) for b in bufs)
value = 1.0
while ready:
    K.fill(ready.popleft(), value).sync()
    value += 1.0
assert [float(b.to_numpy()[0]) for b in bufs] == [1.0, 2.0, 3.0]

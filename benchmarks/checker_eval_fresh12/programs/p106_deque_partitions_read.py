"""Partitions queued in a deque and handed out with popleft(); the last buffer is read while its
partition still waits in the queue."""

from collections import deque

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

bufs = [tr.zeros((128,)) for _ in range(3)]
ready = deque(tiles(b) for b in bufs)
K.fill(ready.popleft(), 1.0).sync()
K.fill(ready.popleft(), 2.0).sync()
print([float(b.to_numpy()[0]) for b in bufs])  # expect: TC104
while ready:
    K.fill(ready.popleft(), 3.0).sync()

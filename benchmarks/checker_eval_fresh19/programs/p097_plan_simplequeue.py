"""Plans queued in a `queue.SimpleQueue` for a launcher loop; the host reads the second buffer
while its plan still waits in the queue."""

from __future__ import annotations

import queue

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
bufs = [tr.zeros(64) for _ in range(2)]
todo: queue.SimpleQueue[tr.Partition] = queue.SimpleQueue()
for b in bufs:
    todo.put(tiles(b))
K.scale(todo.get(), x, 1.0).sync()
print(bufs[1].to_numpy()[0])  # expect: TC104
K.scale(todo.get(), x, 2.0).sync()

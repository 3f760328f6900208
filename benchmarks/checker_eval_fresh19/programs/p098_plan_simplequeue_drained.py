"""Plans queued in a `queue.SimpleQueue`, drained by the launcher loop before any read."""

from __future__ import annotations

import queue

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
bufs = [tr.zeros(64) for _ in range(3)]
todo: queue.SimpleQueue[tr.Partition] = queue.SimpleQueue()
for b in bufs:
    todo.put(tiles(b))
a = 1.0
while not todo.empty():
    K.scale(todo.get(), x, a).sync()
    a += 1.0
assert [float(b.to_numpy()[0]) for b in bufs] == [1.0, 2.0, 3.0]
print("ok")

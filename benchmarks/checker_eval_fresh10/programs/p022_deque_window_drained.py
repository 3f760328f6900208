"""A window of at most two uploads in flight, drained before anything is checked."""

from collections import deque

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

host_batches = [np.full(8, i, dtype=np.float32) for i in range(5)]
device = [tr.zeros((8,), dtype=f32) for _ in host_batches]
window: deque[tr.Pending] = deque(maxlen=None)
for batch, dst in zip(host_batches, device, strict=True):
    window.append(k.copy(tiles(dst), tr.from_numpy(batch)).submit())
    if len(window) > 2:
        window.popleft().wait()
while window:
    window.popleft().wait()
assert [d.to_numpy()[0] for d in device] == [0.0, 1.0, 2.0, 3.0, 4.0]

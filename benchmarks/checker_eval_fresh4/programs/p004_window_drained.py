from __future__ import annotations

from collections import deque

import numpy as np
from llmrun.kernels import fill

import tilert as tr

N = 64
bufs = [tr.zeros((N,)) for _ in range(6)]
window: deque[tr.Pending] = deque()
for i, b in enumerate(bufs):
    window.append(fill(b.partition((16,)), float(i)).submit())
    if len(window) > 2:
        window.popleft().wait()
while window:
    window.popleft().wait()
total = sum(float(b.to_numpy().sum()) for b in bufs)
assert total == N * sum(range(6)), total
assert np.all(bufs[3].to_numpy() == 3.0)

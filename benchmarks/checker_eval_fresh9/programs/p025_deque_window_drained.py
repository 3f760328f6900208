"""A window of at most two uploads in flight, drained before any batch is read."""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

batches = [tr.zeros((8,), name=f"batch{i}") for i in range(6)]
q: deque[tr.Pending[Any]] = deque()
for i, b in enumerate(batches):
    q.append(k.fill(tiles(b), float(i)).submit())
    if len(q) > 2:
        q.popleft().wait()
while q:
    q.popleft().wait()
means = [float(np.asarray(b).mean()) for b in batches]
assert means == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
print("ok")

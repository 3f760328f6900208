"""A window of at most two uploads in flight; the last batch is read once the loop ends."""

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
print(np.asarray(batches[-1]).mean())  # expect: TC102
while q:
    q.popleft().wait()

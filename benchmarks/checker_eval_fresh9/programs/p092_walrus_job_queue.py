"""A job queue drained with the walrus operator; each job's Pending is waited in turn."""

from __future__ import annotations

from collections import deque

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

outs = [tr.zeros((4,)) for _ in range(4)]
jobs = deque((out, float(i)) for i, out in enumerate(outs))
finished = 0
while (job := jobs.popleft() if jobs else None) is not None:
    out, value = job
    pending = k.fill(tiles(out), value).submit()
    if (n := pending.wait()) is not None:
        finished += 1
assert finished == len(outs)
np.testing.assert_allclose([o.to_numpy()[0] for o in outs], [0, 1, 2, 3])
print("ok", len(n))

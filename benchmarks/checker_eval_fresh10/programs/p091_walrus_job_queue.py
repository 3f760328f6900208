"""A job queue drained with the walrus operator; every job's Pending waited the same way."""

from collections import deque

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
jobs = deque((tr.zeros((8,), dtype=f32), float(s)) for s in range(4))
running: deque[tuple[tr.Tensor, tr.Pending]] = deque()
while jobs and (job := jobs.popleft()):
    out, s = job
    running.append((out, k.scale(tiles(out), x, s).submit()))
results = []
while running and (item := running.popleft()):
    out, pend = item
    pend.wait()
    results.append(float(out.to_numpy()[1]))
assert results == [0.0, 1.0, 2.0, 3.0]

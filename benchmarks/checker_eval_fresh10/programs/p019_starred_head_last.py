"""Starred unpacking of Pendings: every head one waited in a loop, the last one by name."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

src = tr.ones((8,), dtype=f32)
bufs = [tr.zeros((8,), dtype=f32) for _ in range(4)]
pendings = [k.scale(tiles(b), src, i + 1.0).submit() for i, b in enumerate(bufs)]
*head, last = pendings
for p in head:
    p.wait()
last.wait()
sums = [float(b.to_numpy().sum()) for b in bufs]
np.testing.assert_allclose(sums, [8.0, 16.0, 24.0, 32.0])

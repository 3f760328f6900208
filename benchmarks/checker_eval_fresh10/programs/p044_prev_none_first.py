"""A decode loop whose `prev` is None at first: `if prev is not None: prev.wait()`."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
bufs = [tr.zeros((8,), dtype=f32), tr.zeros((8,), dtype=f32)]
prev: tr.Pending | None = None
consumed = []
for i in range(4):
    pend = k.scale(tiles(bufs[i % 2]), x, float(i)).submit()
    if prev is not None:
        prev.wait()
        consumed.append(float(bufs[(i + 1) % 2].to_numpy()[1]))
    prev = pend
if prev is not None:
    prev.wait()
consumed.append(float(bufs[1].to_numpy()[1]))
np.testing.assert_allclose(consumed, [0.0, 1.0, 2.0, 3.0])

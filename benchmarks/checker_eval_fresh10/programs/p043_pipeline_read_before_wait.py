"""Ping-pong pipeline: the other slot is consumed before the previous step's wait."""

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
    consumed.append(float(bufs[(i + 1) % 2].to_numpy()[1]))  # expect: TC102
    if prev is not None:
        prev.wait()
    prev = pend
if prev is not None:
    prev.wait()

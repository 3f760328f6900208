"""Ping-pong slots indexed by i % 2: each slot's Pending waited before the slot is reused."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
slots = [tr.zeros((8,), dtype=f32) for _ in range(2)]
pends: list[tr.Pending | None] = [None, None]
out = []
for i in range(6):
    cur = i % 2
    waiting = pends[cur]
    if waiting is not None:
        waiting.wait()
        out.append(float(slots[cur].to_numpy()[1]))
    pends[cur] = k.scale(tiles(slots[cur]), x, float(i)).submit()
for i, p in enumerate(pends):
    if p is not None:
        p.wait()
        out.append(float(slots[i].to_numpy()[1]))
np.testing.assert_allclose(out, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0])

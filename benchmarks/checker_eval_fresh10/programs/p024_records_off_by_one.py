"""Records of (buffer, pending) waited with an off-by-one range, then all read."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.ones((8,), dtype=f32)
records = []
for i in range(4):
    buf = tr.zeros((8,), dtype=f32)
    records.append((buf, k.scale(tiles(buf), x, float(i)).submit()))
for i in range(len(records) - 1):
    records[i][1].wait()
for buf, _ in records:
    print(buf.to_numpy()[0])  # expect: TC102

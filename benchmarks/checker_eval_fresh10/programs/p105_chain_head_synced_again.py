"""A norm op chained into a residual add; after the chain ran, the head op is synced again."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
h = tr.zeros((8,), dtype=f32)
res = tr.zeros((8,), dtype=f32)
norm = k.scale(tiles(h), x, 0.125)
block = norm.then(lambda *_: k.add(tiles(res), h, x))
block.sync()
norm.sync()  # expect: TC110

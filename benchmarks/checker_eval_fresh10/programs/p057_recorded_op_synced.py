"""An op recorded in a graph by g.record(...) and then also synced by hand."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
y = tr.zeros((8,), dtype=f32)
with tr.graph() as g:
    step = g.record(k.scale(tiles(y), x, 2.0))
g.launch().wait()
step.sync()  # expect: TC110
g.close()

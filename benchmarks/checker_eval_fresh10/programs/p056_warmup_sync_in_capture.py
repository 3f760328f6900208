"""A capture whose first op is synced inside the `with` block as a warm-up."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
h = tr.zeros((8,), dtype=f32)
o = tr.zeros((8,), dtype=f32)
with tr.graph() as g:
    k.scale(tiles(h), x, 0.5).sync()  # expect: TC111
    g.record(k.relu(tiles(o), h))
g.launch().wait()
g.close()

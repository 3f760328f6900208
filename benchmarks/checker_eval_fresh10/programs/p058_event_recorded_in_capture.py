"""A timing event recorded on a stream while a graph is being captured."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
y = tr.zeros((8,), dtype=f32)
s = tr.current_stream()
with tr.graph() as g:
    g.record(k.scale(tiles(y), x, 2.0))
    mark = s.record()  # expect: TC111
g.launch().wait()
g.close()

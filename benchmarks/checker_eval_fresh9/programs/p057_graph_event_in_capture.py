"""A profiled capture: events recorded around the step's ops, inside the capture."""

from __future__ import annotations

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

stream = tr.Stream()
x = tr.ones((8,))
y = tr.zeros((8,))
with tr.graph(stream) as g:
    g.record(k.scale(tiles(y), x, 3.0))
    marker = stream.record()  # expect: TC111
g.launch().wait()
g.close()
print(y.to_numpy())

"""Ops recorded into a graph and kept in a list, then run once more by hand for a check."""

from __future__ import annotations

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

x = tr.ones((8,))
y = tr.zeros((8,))
with tr.graph() as g:
    recorded = [g.record(k.axpy(tiles(y), x, 0.5))]
g.launch().wait()
g.close()
recorded[0].sync()  # expect: TC110
print(y.to_numpy())

"""Capturing a two-op step, with a warm-up sync of the first op left inside the capture."""

from __future__ import annotations

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

x = tr.ones((8,))
h = tr.zeros((8,))
y = tr.zeros((8,))
with tr.graph() as g:
    k.relu(tiles(h), x).sync()  # expect: TC111
    g.record(k.scale(tiles(y), h, 2.0))
g.launch().wait()
g.close()
print(y.to_numpy())

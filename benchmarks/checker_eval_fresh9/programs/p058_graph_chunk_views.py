"""A captured step writing each chunk of a flat buffer through its own view."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

CHUNKS, WIDTH = 4, 8
flat = tr.zeros((CHUNKS * WIDTH,))
grid = flat.reshape(CHUNKS, WIDTH)
x = tr.ones((WIDTH,))
with tr.graph() as g:
    for c in range(CHUNKS):
        g.record(k.axpy(tiles(grid[c]), x, float(c)))
for _ in range(2):
    g.launch().wait()
g.close()
np.testing.assert_allclose(flat.to_numpy().reshape(CHUNKS, WIDTH)[:, 0], [0, 2, 4, 6])
print("ok")

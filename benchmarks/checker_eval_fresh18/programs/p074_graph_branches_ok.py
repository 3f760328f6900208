"""A graph with a branch on a side stream (``g.record(op, stream=side)``) beside the main
chain; the outputs are read only after ``close()``."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
side = tr.Stream()
a, b, c = tr.empty((64,)), tr.empty((64,)), tr.empty((64,))
with tr.graph() as g:
    g.record(K.scale(tiles(a), x, 2.0))
    g.record(K.scale(tiles(b), x, -1.0), stream=side)
    g.record(K.add(tiles(c), a, b))
for _ in range(3):
    g.launch().wait()
g.close()
assert np.array_equal(c.to_numpy(), np.arange(64, dtype=np.float32))

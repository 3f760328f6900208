"""A graph captured once, replayed in a loop, each launch waited, closed, then read."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

acc = tr.zeros((8,), dtype=f32, name="acc")
inc = tr.arange(8, dtype=f32)
with tr.graph() as g:
    g.record(k.accum(tiles(acc), inc))
launches = [g.launch() for _ in range(4)]
for launch in launches:
    launch.wait()
g.close()
np.testing.assert_allclose(acc.to_numpy(), 4 * np.arange(8))

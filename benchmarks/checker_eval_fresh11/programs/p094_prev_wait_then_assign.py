"""`prev.wait(); prev = pend` over a two-slot ring, the first prev a completed warm-up."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(64)
ring = (tr.zeros((64,)), tr.zeros((64,)))
prev = K.fill(tiles(tr.zeros((64,))), 0.0).submit()
for step in range(4):
    pend = K.scale(tiles(ring[step % 2]), x, float(step + 1)).submit()
    prev.wait()
    prev = pend
prev.wait()
np.testing.assert_array_equal(ring[1].to_numpy(), 4 * np.arange(64, dtype=np.float32))

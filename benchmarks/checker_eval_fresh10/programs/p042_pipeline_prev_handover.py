"""Software pipelining: each step's Pending handed to `prev`, the previous one waited first."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
outs = [tr.zeros((8,), dtype=f32) for _ in range(4)]
prev = k.scale(tiles(outs[0]), x, 1.0).submit()
for i in range(1, len(outs)):
    pend = k.scale(tiles(outs[i]), x, float(i + 1)).submit()
    prev.wait()
    np.testing.assert_allclose(outs[i - 1].to_numpy(), i * np.arange(8))
    prev = pend
prev.wait()
np.testing.assert_allclose(outs[-1].to_numpy(), 4 * np.arange(8))

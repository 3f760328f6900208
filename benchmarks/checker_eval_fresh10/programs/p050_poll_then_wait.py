"""Polling done() in a while loop (as one would poll a GPU), then waiting to release."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
y = tr.zeros((8,), dtype=f32)
p = k.scale(tiles(y), x, 3.0).submit()
polls = 0
while not p.done():
    polls += 1
p.wait()
np.testing.assert_allclose(y.to_numpy(), 3 * np.arange(8))

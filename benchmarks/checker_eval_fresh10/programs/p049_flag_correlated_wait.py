"""A wait taken on one of two branches, and on the other one later: every path waits."""

import sys

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

eager = len(sys.argv) > 5
x = tr.arange(8, dtype=f32)
y = tr.zeros((8,), dtype=f32)
p = k.scale(tiles(y), x, 2.0).submit()
waited = False
if eager:
    p.wait()
    waited = True
extra = np.ones(8, dtype=np.float32)
if not waited:
    p.wait()
np.testing.assert_allclose(y.to_numpy() + extra, 2 * np.arange(8) + 1)

"""A backward pass over enumerate(reversed(layers)): gradient Pendings carried to the next layer."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

gains = [1.0, 2.0, 3.0]
grads = [tr.zeros((8,), dtype=f32) for _ in gains]
upstream = tr.ones((8,), dtype=f32)
carried: list[tr.Pending] = []
for _depth, (gain, g) in enumerate(reversed(list(zip(gains, grads, strict=True)))):
    carried.append(k.scale(tiles(g), upstream, gain).submit())
    upstream = g  # the next layer reads it in stream order
for p in carried:
    p.wait()
np.testing.assert_allclose(grads[0].to_numpy(), np.full(8, 6.0))
assert _depth == 2

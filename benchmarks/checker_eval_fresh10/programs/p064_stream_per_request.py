"""Each request's work put on a stream of its own with `with tr.Stream():`, then waited."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

prompts = [tr.full((8,), float(i), dtype=f32) for i in range(3)]
outs = [tr.zeros((8,), dtype=f32) for _ in prompts]
pends = []
for p, o in zip(prompts, outs, strict=True):
    with tr.Stream():
        pends.append(k.scale(tiles(o), p, 10.0).submit())
for pend in reversed(pends):
    pend.wait()
np.testing.assert_allclose([o.to_numpy()[0] for o in outs], [0.0, 10.0, 20.0])

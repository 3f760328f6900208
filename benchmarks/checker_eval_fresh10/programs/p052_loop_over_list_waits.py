"""Every Pending of a batch kept in a list, all waited by a loop, then every buffer read."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
outs = [tr.zeros((8,), dtype=f32) for _ in range(5)]
pendings = []
for i, out in enumerate(outs):
    pendings.append(k.axpy(tiles(out), x, float(i)).submit())
for p in pendings:
    p.wait()
np.testing.assert_allclose(np.stack([o.to_numpy() for o in outs])[:, 1], np.arange(5))

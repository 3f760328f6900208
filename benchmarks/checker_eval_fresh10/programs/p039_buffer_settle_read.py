"""The package's Buffer objects: each keeps its writer's Pending and settles it before a read."""

import numpy as np
from llmforge import kernels as k
from llmforge.base import Buffer
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
bufs = {name: Buffer(name, 8) for name in ("mean", "var")}
bufs["mean"].writer = k.scale(tiles(bufs["mean"].data), x, 1 / 8).submit()
bufs["var"].writer = k.sqr(tiles(bufs["var"].data), x).submit()
for b in bufs.values():
    b.settle()
np.testing.assert_allclose(bufs["var"].data.to_numpy(), np.arange(8) ** 2)
np.testing.assert_allclose(bufs["mean"].data.to_numpy(), np.arange(8) / 8, rtol=1e-6)

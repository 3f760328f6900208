"""Plans made by a generator expression: none exists until the launch loop draws it."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

bufs = [tr.zeros((32,)) for _ in range(3)]
plans = (tiles(b) for b in bufs)
assert all(np.allclose(b.to_numpy(), 0.0) for b in bufs)
x = vec(np.arange(32))
for i, plan in enumerate(plans):
    K.scale(plan, x, float(i)).sync()
assert [float(b.to_numpy()[1]) for b in bufs] == [0.0, 1.0, 2.0]

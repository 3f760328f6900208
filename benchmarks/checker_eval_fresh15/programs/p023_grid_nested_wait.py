"""A grid of Pendings (micro-batch x shard), waited through a nested comprehension."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.ones(32))
outs = [[tr.zeros((32,)) for _ in range(2)] for _ in range(3)]
grid = [
    [K.scale(tiles(o), x, float(r * 2 + c)).submit() for c, o in enumerate(row)]
    for r, row in enumerate(outs)
]
_ = [[p.wait() for p in row] for row in grid]
total = sum(float(o.to_numpy().sum()) for row in outs for o in row)
assert total == 32.0 * sum(range(6))

"""A chain grown in a loop: op = op.then(...) three times, one sync at the end."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
bias = vec(np.ones(32))
z = tr.zeros((32,))
op = K.scale(tiles(z), x, 2.0)
for _ in range(3):
    op = op.then(lambda zp, *_: K.accum(zp, bias))
op.sync()
assert np.allclose(z.to_numpy(), 2 * np.arange(32) + 3)

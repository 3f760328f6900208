"""A head chained once, zipped with an independent op on another buffer."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
bias = vec(np.ones(32))
z = tr.zeros((32,))
g = tr.zeros((32,))
head = K.scale(tiles(z), x, 0.5)
norm = head.then(lambda zp, *_: K.accum(zp, bias))
tr.zip(norm, K.relu(tiles(g), x)).sync()
assert np.allclose(z.to_numpy(), 0.5 * np.arange(32) + 1)
assert np.allclose(g.to_numpy(), np.arange(32))

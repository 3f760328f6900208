"""A plan consumed by a .then chain, then used again for a bias-only launch."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
bias = vec(np.ones(32))
z = tr.zeros((32,))
plan = tiles(z)
K.scale(plan, x, 2.0).then(lambda zp, *_: K.accum(zp, bias)).sync()
K.accum(plan, bias).sync()  # expect: TC109
print(z.to_numpy()[:2])

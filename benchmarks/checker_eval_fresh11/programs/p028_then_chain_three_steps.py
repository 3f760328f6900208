"""A three-step `.then` chain handing the output partition along."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(256)
bias = tr.full((256,), 1.0)
z = tr.zeros((256,))
chain = (
    K.scale(tiles(z), x, 2.0)
    .then(lambda zp, *_: K.accum(zp, bias))
    .then(lambda zp, *_: K.scale_(zp, 0.5))
)
chain.sync()
np.testing.assert_allclose(z.to_numpy(), (2 * np.arange(256) + 1) / 2)

"""A chain of three steps folded with functools.reduce onto one partition, synced, then read."""

import functools

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
bias = upload(np.ones(16))
out = tr.zeros((16,))
steps = [
    lambda zp, *_: K.scale_(zp, 2.0),
    lambda zp, *_: K.accum(zp, bias),
    lambda zp, *_: K.scale_(zp, 0.5),
]
chain = functools.reduce(lambda op, step: op.then(step), steps, K.copy(tiles(out), x))
chain.sync()
np.testing.assert_allclose(out.to_numpy(), (np.arange(16) * 2.0 + 1.0) * 0.5)

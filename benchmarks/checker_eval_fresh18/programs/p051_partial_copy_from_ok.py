"""A weight reloader bound with ``functools.partial(tr.Tensor.copy_from, weight)`` and called
after the forward that reads the weight was waited; a second forward uses the new weight."""

from functools import partial

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

weight = vec(np.ones(128))
reload_weight = partial(tr.Tensor.copy_from, weight)
x = vec(np.arange(128))
y = tr.empty((128,))
fwd = K.mul(tiles(y), x, weight).submit()
weight.to_numpy()  # the forward only reads it
fwd.wait()
reload_weight(np.full(128, 0.5, np.float32))
K.mul(tiles(y), x, weight).sync()
assert np.allclose(y.to_numpy(), np.arange(128) * 0.5)

"""A weight reloader bound with ``functools.partial(tr.Tensor.copy_from, weight)`` and called
while the submitted forward still reads that weight."""

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
reload_weight(np.full(128, 0.5, np.float32))  # expect: TC103
fwd.wait()

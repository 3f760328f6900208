"""A snapshot bound with functools.partial to the package's `host` reader, taken after the
update's wait (and once before it was submitted)."""

from functools import partial

import numpy as np
from llmserve import kernels as K
from llmserve.host import host, tiles

import tilert as tr

weights = tr.ones((256,), name="weights")
grad = tr.full((256,), 0.5, name="grad")
snapshot = partial(host, weights)

before = snapshot()
step = K.axpy(tiles(weights), grad, -0.1).submit()
step.wait()
after = snapshot()
assert np.allclose(before - after, 0.05)

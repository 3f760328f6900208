"""A snapshot bound with functools.partial to the package's `host` reader, taken mid-update."""

from functools import partial

from llmserve import kernels as K
from llmserve.host import host, tiles

import tilert as tr

weights = tr.ones((256,), name="weights")
grad = tr.full((256,), 0.5, name="grad")
snapshot = partial(host, weights)

step = K.axpy(tiles(weights), grad, -0.1).submit()
before = snapshot()  # expect: TC102
step.wait()
print(before[:4])

"""A head op synced, then chained with `.then` to add a residual and synced again."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

x = tr.ones((128,))
res = tr.full((128,), 0.5)
h = tr.zeros((128,))
head = K.scale(tiles(h), x, 3.0)
head.sync()
head.then(lambda hp, *_: K.accum(hp, res)).sync()  # expect: TC110
print(h.to_numpy()[0])

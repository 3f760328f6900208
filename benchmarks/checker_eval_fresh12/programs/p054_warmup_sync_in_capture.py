"""A capture cell that records the norm and syncs a bias warm-up inside the capture."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

x = tr.ones((256,))
bias = tr.zeros((256,))
y = tr.zeros((256,))

with tr.graph() as g:
    g.record(K.scale(tiles(y), x, 0.5))
    K.fill(tiles(bias), 0.1).sync()  # expect: TC111
g.launch().wait()
g.close()

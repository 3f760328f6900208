"""Two projections zipped and synced inside the capture instead of recorded."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
q, k = tr.zeros((32,)), tr.zeros((32,))
with tr.graph() as g:
    tr.zip(K.scale(tiles(q), x, 0.5), K.scale(tiles(k), x, 0.25)).sync()  # expect: TC111
g.close()

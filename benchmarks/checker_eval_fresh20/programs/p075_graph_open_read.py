"""A graph is launched and waited, and its output read before the graph is closed."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(32))
y = tr.zeros((32,))
g = tr.graph()
with g:
    g.record(K.scale(tiles(y), x, 0.5))
g.launch().wait()
print(y.to_numpy()[:4])  # expect: TC102
g.close()

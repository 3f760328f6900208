"""Per-layer scratch in a `defaultdict`, every layer looked up once before the capture."""

from collections import defaultdict

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

D = 64
x = tr.ones((D,), name="x")
scratch: defaultdict[int, tr.Tensor] = defaultdict(lambda: tr.zeros((D,)))
for layer in range(2):
    scratch[layer]

with tr.graph() as g:
    for layer in range(2):
        g.record(K.scale(tiles(scratch[layer]), x, float(layer + 1)))
g.launch().wait()
g.close()
assert np.all(scratch[1].to_numpy() == 2.0)

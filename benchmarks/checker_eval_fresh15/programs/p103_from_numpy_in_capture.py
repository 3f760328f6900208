"""Per-layer biases uploaded with tr.from_numpy inside the capture's comprehension."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles

import tilert as tr

h = tr.zeros((32,))
biases = [np.full(32, 0.1 * i, dtype=np.float32) for i in range(3)]
with tr.graph() as g:
    for b in [tr.from_numpy(b) for b in biases]:  # expect: TC111
        g.record(K.accum(tiles(h), b))
g.launch().wait()
g.close()

"""Q, K and V projections launched together with tr.zip; Q was warmed first on its own."""

import llmpress.kernels as K
import numpy as np
from llmpress.host import tiles

import tilert as tr

x = tr.from_numpy(np.ones(384, dtype=np.float32))
q, k, v = (tr.empty((384,), name=name) for name in ("q", "k", "v"))
proj = {
    "q": K.scale(tiles(q), x, 0.125),
    "k": K.scale(tiles(k), x, 1.0),
    "v": K.scale(tiles(v), x, 1.0),
}
proj["q"].sync()
tr.zip(*proj.values()).sync()  # expect: TC110

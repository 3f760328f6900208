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
proj.pop("q").sync()
tr.zip(*proj.values()).sync()
assert float(q.to_numpy()[0]) == 0.125 and float(v.to_numpy()[-1]) == 1.0

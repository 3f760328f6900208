"""[(q, pq), (k, pk), (v, pv)] from a helper, every Pending waited through the pairs."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

h = vec(np.arange(64))


def project(w: float):
    out = tr.zeros((64,))
    return out, K.scale(tiles(out), h, w).submit()


stages = [project(w) for w in (0.1, 0.2, 0.3)]
for _, p in stages:
    p.wait()
[(q, _), (k, _), (v, _)] = stages
scores = q.to_numpy() @ k.to_numpy()
mix = scores * v.to_numpy()
assert np.isclose(mix[1], 0.3 * 0.02 * float(np.sum(np.arange(64.0) ** 2)), rtol=1e-4)

"""(q, pq), (k, pk), (v, pv) unpacked from a helper; pq and pk are waited, v is read."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

h = vec(np.arange(64))


def project(w: float):
    out = tr.zeros((64,))
    return out, K.scale(tiles(out), h, w).submit()


(q, pq), (k, pk), (v, pv) = (project(w) for w in (0.1, 0.2, 0.3))
pq.wait()
pk.wait()
scores = q.to_numpy() @ k.to_numpy()
mix = scores * v.to_numpy()  # expect: TC102
pv.wait()
print(mix[:2])

"""Serve with one stream while a second stream refreshes the weights from a new checkpoint."""

import numpy as np
from servekit import TILE, copy, mul

import tilert as tr

N = 1024
rng = np.random.default_rng(18)
w = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
w_new = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
x = tr.ones((N,))
act = tr.empty((N,))

compute = tr.Stream()
loader = tr.Stream()

fwd = mul(act.partition((TILE,)), w, x).submit(compute)
load = copy(w.partition((TILE,)), w_new).submit(loader)  # expect: TC103
fwd.wait()
load.wait()
print("act[:3] =", act.to_numpy()[:3])

"""Top-2 MoE combine: the first expert's buffer accumulates the second in place."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

E, D = 4, 64
hs = np.linspace(-1, 1, D, dtype=np.float32)
hidden = tr.from_numpy(hs)
expert_out = {e: tr.empty((D,), name=f"expert{e}") for e in range(E)}
routes = (2, 0)
pend = [K.scale(tiles(expert_out[e]), hidden, 0.5 * (e + 1)).submit() for e in routes]
for p in pend:
    p.wait()
combined = expert_out[routes[0]]
K.accum(tiles(combined), expert_out[routes[1]]).sync()
assert np.allclose(combined.to_numpy(), 2.0 * hs)

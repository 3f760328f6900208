"""Top-2 MoE combine: the first expert's buffer is reused as the accumulator of `add`."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

E, D = 4, 64
hidden = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
expert_out = {e: tr.empty((D,), name=f"expert{e}") for e in range(E)}
routes = (2, 0)
for e in routes:
    K.scale(tiles(expert_out[e]), hidden, 0.5 * (e + 1)).sync()
combined = expert_out[routes[0]]
K.add(tiles(combined), expert_out[routes[0]], expert_out[routes[1]]).sync()  # expect: TC101
print(combined.to_numpy()[:2])

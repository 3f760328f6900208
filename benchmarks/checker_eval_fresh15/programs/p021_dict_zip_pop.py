"""Q/K/V projections' Pendings in dict(zip(...)); K and V are popped and waited, Q is read."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

h = vec(np.linspace(0, 1, 64))
names = ("q", "k", "v")
proj = {n: tr.zeros((64,)) for n in names}
submits = (K.scale(tiles(proj[n]), h, i + 1.0).submit() for i, n in enumerate(names))
waiters = dict(zip(names, submits, strict=True))
waiters.pop("k").wait()
waiters.pop("v").wait()
q_norm = float(np.linalg.norm(proj["q"].to_numpy()))  # expect: TC102
for p in waiters.values():
    p.wait()
print(q_norm)

"""Three decay passes with plans from a generator: each partition is made after the previous
pass ran (a list of three would hold three partitions of one tensor at once)."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

w = H.upload(np.ones(32))
plans = (H.tiles(w) for _ in range(3))
for plan, a in zip(plans, (0.9, 0.9, 0.9), strict=True):
    K.scale_(plan, a).sync()
assert np.allclose(w.to_numpy(), 0.9**3)

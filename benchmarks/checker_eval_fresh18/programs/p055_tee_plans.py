"""A generator of plans split with ``itertools.tee`` between a forward and a check pass: both
copies hand out the same partition objects."""

from itertools import tee

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

bufs = [tr.zeros((64,)) for _ in range(2)]
fwd_plans, check_plans = tee(tiles(b) for b in bufs)
x = vec(np.arange(64))
for plan in fwd_plans:
    K.scale(plan, x, 2.0).sync()
for plan in check_plans:
    K.scale_(plan, 0.5).sync()  # expect: TC109
print([b.to_numpy()[3] for b in bufs])

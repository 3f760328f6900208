"""A stream of plans split with itertools.tee for the forward and the backward pass: both get the
same partitions."""

from __future__ import annotations

import itertools

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
acts = [tr.zeros(64) for _ in range(2)]
fwd_plans, bwd_plans = itertools.tee(tiles(a) for a in acts)
for plan in fwd_plans:
    K.scale(plan, x, 1.0).sync()
for plan in bwd_plans:
    K.scale_(plan, 0.5).sync()  # expect: TC109

"""Outputs zipped with their plans by `zip_longest`; the missing plan is filled with the last
one, which is then used twice."""

from __future__ import annotations

from itertools import zip_longest

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
outs = [tr.zeros(64) for _ in range(3)]
plans = [tiles(o) for o in outs[:2]]
for i, (_out, plan) in enumerate(zip_longest(outs, plans, fillvalue=plans[-1])):
    K.scale(plan, x, float(i)).sync()  # expect: TC109

"""Outputs zipped with their plans by `zip_longest`; a missing plan is made on the spot."""

from __future__ import annotations

from itertools import zip_longest

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
outs = [tr.zeros(64) for _ in range(3)]
plans = [tiles(o) for o in outs[:2]]
for i, (out, plan) in enumerate(zip_longest(outs, plans)):
    K.scale(plan if plan is not None else tiles(out), x, float(i)).sync()
assert [float(o.to_numpy()[0]) for o in outs] == [0.0, 1.0, 2.0]
print("ok")

"""Plans come from a generator, one per `next()`; the first buffer is inspected after its plan
was drawn and before it is used."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
bufs = [tr.zeros(64) for _ in range(3)]
plans = (tiles(b) for b in bufs)
plan = next(plans)
assert not bufs[0].to_numpy().any()  # expect: TC104
K.scale(plan, x, 1.0).sync()
for i, p in enumerate(plans, start=1):
    K.scale(p, x, float(i)).sync()

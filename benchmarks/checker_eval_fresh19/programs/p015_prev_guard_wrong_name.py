"""`if prev is not None: prev.wait()` guards the previous step, but the loop reads the step
before it is done: `prev` is reassigned first."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
outs = [tr.zeros(64) for _ in range(4)]
prev: tr.Pending | None = None
seen = []
for i, out in enumerate(outs):
    cur = K.scale(tiles(out), x, float(i)).submit()
    prev, cur = cur, prev
    if prev is not None and cur is not None:
        cur.wait()
    if i:
        seen.append(float(outs[i].to_numpy()[0]))  # expect: TC102
if prev is not None:
    prev.wait()
print(seen)

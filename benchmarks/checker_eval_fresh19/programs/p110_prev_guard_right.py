"""`if prev is not None: prev.wait()` before reading the previous step's buffer; the last step is
waited after the loop."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
bufs = [tr.zeros(64), tr.zeros(64)]
prev: tr.Pending | None = None
seen = []
for i in range(4):
    cur = K.scale(tiles(bufs[i % 2]), x, float(i)).submit()
    if prev is not None:
        prev.wait()
        seen.append(float(bufs[(i - 1) % 2].to_numpy()[0]))
    prev = cur
if prev is not None:
    prev.wait()
seen.append(float(bufs[1].to_numpy()[0]))
assert seen == [0.0, 1.0, 2.0, 3.0]
print("ok")

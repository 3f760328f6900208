"""Pendings in a set, drained with `pop()` until empty, then every buffer read."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
bufs = [tr.zeros(64) for _ in range(4)]
pending = {K.scale(tiles(b), x, float(i)).submit() for i, b in enumerate(bufs)}
while pending:
    pending.pop().wait()
assert [float(b.to_numpy()[0]) for b in bufs] == [0.0, 1.0, 2.0, 3.0]
print("ok")

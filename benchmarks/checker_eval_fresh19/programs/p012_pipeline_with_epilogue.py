"""Software pipelining with its epilogue: the last chunk is waited before it is read."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

chunks = [upload(np.full(64, i)) for i in range(4)]
outs = [tr.zeros(64) for _ in chunks]
total = 0.0
inflight = K.scale(tiles(outs[0]), chunks[0], 2.0).submit()
for i in range(1, len(chunks)):
    nxt = K.scale(tiles(outs[i]), chunks[i], 2.0).submit()
    inflight.wait()
    total += float(outs[i - 1].to_numpy().sum())
    inflight = nxt
inflight.wait()
total += float(outs[-1].to_numpy().sum())
assert total == 2 * 64 * (0 + 1 + 2 + 3)
print("ok")

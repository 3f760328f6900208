"""Software pipeline: `if prev is not None: prev.wait()`, then the previous slot is read."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

chunks = [upload(np.full(32, float(i))) for i in range(4)]
outs = [tr.zeros((32,)), tr.zeros((32,))]
prev: tr.Pending | None = None
seen = []
for i, chunk in enumerate(chunks):
    cur = K.scale(tiles(outs[i % 2]), chunk, 10.0).submit()
    if prev is not None:
        prev.wait()
        seen.append(float(outs[(i - 1) % 2].to_numpy()[0]))
    prev = cur
if prev is not None:
    prev.wait()
    seen.append(float(outs[(len(chunks) - 1) % 2].to_numpy()[0]))
assert seen == [0.0, 10.0, 20.0, 30.0], seen

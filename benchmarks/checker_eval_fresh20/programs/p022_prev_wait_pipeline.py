"""Software pipeline: `if prev is not None: prev.wait()`, then the host reads the current step."""

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
        seen.append(float(outs[i % 2].to_numpy()[0]))  # expect: TC102
    prev = cur
if prev is not None:
    prev.wait()
print(seen)

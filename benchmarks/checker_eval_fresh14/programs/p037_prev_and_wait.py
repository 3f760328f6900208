"""Software pipelining with `prev and prev.wait()`: the previous step's output is read."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

x = tr.from_numpy(np.arange(16, dtype=np.float32))
outs = [tr.zeros((16,), name=f"t{i}") for i in range(4)]
prev: tr.Pending | None = None
sums = []
for i, out in enumerate(outs):
    cur = K.scale(tiles(out), x, float(i)).submit()
    prev and prev.wait()
    if i:
        sums.append(float(outs[i - 1].to_numpy().sum()))
    prev = cur
prev and prev.wait()
sums.append(float(outs[-1].to_numpy().sum()))
assert sums == [0.0, 120.0, 240.0, 360.0], sums

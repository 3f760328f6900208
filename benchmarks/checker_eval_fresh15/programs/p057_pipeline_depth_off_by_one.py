"""A depth-2 software pipeline: step i waits step i-2 but reads step i-1."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

n = 5
xs = [vec(np.full(32, float(i))) for i in range(n)]
outs = [tr.zeros((32,)) for _ in range(n)]
pend = []
seen = []
for i in range(n):
    pend.append(K.scale(tiles(outs[i]), xs[i], 3.0).submit())
    if i >= 2:
        pend[i - 2].wait()
        seen.append(float(outs[i - 1].to_numpy()[0]))  # expect: TC102
for p in pend[-2:]:
    p.wait()
print(seen)

"""A depth-2 software pipeline: step i waits and reads step i-2; the epilogue drains two."""

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
        seen.append(float(outs[i - 2].to_numpy()[0]))
for j in (n - 2, n - 1):
    pend[j].wait()
    seen.append(float(outs[j].to_numpy()[0]))
assert seen == [0.0, 3.0, 6.0, 9.0, 12.0]

"""A pipeline keeping the previous step as an (out, pending) tuple, drained after the loop."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

steps = [vec(np.full(32, float(i))) for i in range(4)]
results = []
prev = None
for x in steps:
    out = tr.zeros((32,))
    pend = K.scale(tiles(out), x, 2.0).submit()
    if prev is not None:
        prev[1].wait()
        results.append(float(prev[0].to_numpy()[0]))
    prev = (out, pend)
if prev is not None:
    prev[1].wait()
    results.append(float(prev[0].to_numpy()[0]))
assert results == [0.0, 2.0, 4.0, 6.0]

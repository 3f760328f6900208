"""Projection ops kept in a dict; the first is synced as a warm-up, then all are zipped."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

h = vec(np.ones(32))
bufs = {n: tr.zeros((32,)) for n in ("q", "k", "v")}
ops = {n: K.scale(tiles(b), h, 0.5) for n, b in bufs.items()}
for name in list(ops)[:1]:
    ops[name].sync()
tr.zip(*ops.values()).sync()  # expect: TC110
print(bufs["v"].to_numpy()[0])

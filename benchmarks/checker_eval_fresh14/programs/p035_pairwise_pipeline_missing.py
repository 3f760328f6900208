"""A load -> compute pipeline over `pairwise(steps)`: the next load is issued while the
current compute still reads the staging tensor."""

from itertools import pairwise

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

data = [tr.from_numpy(np.full(32, float(i), np.float32)) for i in range(4)]
stage = tr.zeros((32,), name="stage")
outs = [tr.zeros((32,), name=f"out{i}") for i in range(4)]
K.copy(tiles(stage), data[0]).sync()
steps = list(range(4))
for cur, nxt in pairwise(steps):
    compute = K.scale(tiles(outs[cur]), stage, 2.0).submit()
    K.copy(tiles(stage), data[nxt]).sync()  # expect: TC103
    compute.wait()

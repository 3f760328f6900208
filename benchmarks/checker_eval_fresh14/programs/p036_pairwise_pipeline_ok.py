"""The same pipeline with two staging tensors: the next load goes to the other one, and each
slot is reloaded only after the compute that read it was waited."""

from itertools import pairwise

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

data = [tr.from_numpy(np.full(32, float(i), np.float32)) for i in range(4)]
stages = [tr.zeros((32,), name="stage0"), tr.zeros((32,), name="stage1")]
outs = [tr.zeros((32,), name=f"out{i}") for i in range(4)]
K.copy(tiles(stages[0]), data[0]).sync()
steps = list(range(4))
computes: list[tr.Pending] = []
for cur, nxt in pairwise(steps):
    computes.append(K.scale(tiles(outs[cur]), stages[cur % 2], 2.0).submit())
    if len(computes) >= 2:
        computes[-2].wait()
    K.copy(tiles(stages[nxt % 2]), data[nxt]).sync()
computes.append(K.scale(tiles(outs[3]), stages[1], 2.0).submit())
for c in computes:
    c.wait()
assert [float(o.to_numpy()[0]) for o in outs] == [0.0, 2.0, 4.0, 6.0]

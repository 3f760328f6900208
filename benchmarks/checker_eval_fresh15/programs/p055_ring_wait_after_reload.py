"""A two-slot input ring: the slot is reloaded first and its old Pending waited after."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

chunks = [np.full(32, float(i), dtype=np.float32) for i in range(4)]
inputs = [tr.zeros((32,)) for _ in range(2)]
outs = [tr.zeros((32,)) for _ in range(4)]
pend = [None, None]
for i, chunk in enumerate(chunks):
    s = i % 2
    inputs[s].copy_from(vec(chunk))  # expect: TC103
    if pend[s] is not None:
        pend[s].wait()
    pend[s] = K.scale(tiles(outs[i]), inputs[s], 2.0).submit()
for p in pend:
    p.wait()
print([float(o.to_numpy()[0]) for o in outs])

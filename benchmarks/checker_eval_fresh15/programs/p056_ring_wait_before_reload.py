"""A two-slot input ring: the slot's old Pending is waited before the reload."""

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
    if pend[s] is not None:
        pend[s].wait()
    inputs[s].copy_from(vec(chunk))
    pend[s] = K.scale(tiles(outs[i]), inputs[s], 2.0).submit()
for p in pend:
    p.wait()
assert [float(o.to_numpy()[0]) for o in outs] == [0.0, 2.0, 4.0, 6.0]

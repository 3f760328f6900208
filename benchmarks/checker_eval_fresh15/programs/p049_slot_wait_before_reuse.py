"""Prefetches kept in two slots by index; a slot's old Pending is waited before reuse."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

chunks = [vec(np.full(32, float(i))) for i in range(5)]
bufs = [tr.zeros((32,)) for _ in range(5)]


def prefetch(i: int):
    return K.copy(tiles(bufs[i]), chunks[i]).submit()


slots = [None, None]
for i in range(5):
    if slots[i % 2] is not None:
        slots[i % 2].wait()
    slots[i % 2] = prefetch(i)
for p in slots:
    p.wait()
assert [float(b.to_numpy()[0]) for b in bufs] == [0.0, 1.0, 2.0, 3.0, 4.0]

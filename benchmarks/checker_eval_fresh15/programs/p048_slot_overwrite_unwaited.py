"""Prefetches kept in two slots by index; the third overwrites slot 0 before it is waited."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

chunks = [vec(np.full(32, float(i))) for i in range(3)]
bufs = [tr.zeros((32,)) for _ in range(3)]


def prefetch(i: int):
    return K.copy(tiles(bufs[i]), chunks[i]).submit()  # expect: TC108


slots = [None, None]
for i in range(3):
    slots[i % 2] = prefetch(i)  # expect-also
for p in slots:
    p.wait()
print([float(b.to_numpy()[0]) for b in bufs[1:]])

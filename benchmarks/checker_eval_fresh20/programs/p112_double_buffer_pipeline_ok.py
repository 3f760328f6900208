"""Software pipeline with a generator: chunk i+1 is submitted before chunk i is read."""

from collections.abc import Iterator

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


def pipelined(chunks: list[tr.Tensor]) -> Iterator[float]:
    slots = (tr.zeros((16,)), tr.zeros((16,)))
    inflight = K.scale(tiles(slots[0]), chunks[0], 2.0).submit()
    for i in range(len(chunks)):
        nxt = None
        if i + 1 < len(chunks):
            nxt = K.scale(tiles(slots[(i + 1) % 2]), chunks[i + 1], 2.0).submit()
        inflight.wait()
        yield float(slots[i % 2].to_numpy()[0])
        if nxt is not None:
            inflight = nxt


chunks = [upload(np.full(16, float(c))) for c in range(5)]
assert list(pipelined(chunks)) == [0.0, 2.0, 4.0, 6.0, 8.0]

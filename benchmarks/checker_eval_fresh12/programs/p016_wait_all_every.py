"""Prefetches submitted into a list, every one drained by the package's wait_all."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles, wait_all

import tilert as tr


def prefetch(chunks: list[tr.Tensor], slots: list[tr.Tensor]) -> None:
    pendings = []
    for src, dst in zip(chunks, slots, strict=True):
        pendings.append(K.copy(tiles(dst), src).submit())
    wait_all(pendings)


chunks = [tr.full((128,), float(i)) for i in range(4)]
slots = [tr.zeros((128,)) for _ in range(4)]
prefetch(chunks, slots)
assert [float(np.asarray(s)[0]) for s in slots] == [0.0, 1.0, 2.0, 3.0]

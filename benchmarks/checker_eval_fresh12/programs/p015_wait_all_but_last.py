"""Prefetches submitted into a list; the drain passes `pendings[:-1]` and the last is dropped."""

from llmserve import kernels as K
from llmserve.host import tiles, wait_all

import tilert as tr


def prefetch(chunks: list[tr.Tensor], slots: list[tr.Tensor]) -> None:
    pendings = []
    for src, dst in zip(chunks, slots, strict=True):
        pendings.append(K.copy(tiles(dst), src).submit())  # expect: TC108
    wait_all(pendings[:-1])
    print(f"prefetched {len(pendings) - 1} of {len(pendings)} chunks")


chunks = [tr.full((128,), float(i)) for i in range(4)]
slots = [tr.zeros((128,)) for _ in range(4)]
prefetch(chunks, slots)

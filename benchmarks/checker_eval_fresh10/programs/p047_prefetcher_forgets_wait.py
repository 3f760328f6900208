"""A two-slot batch prefetcher class that hands out a slot before its upload settled."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class Prefetcher:
    def __init__(self, batches: list[np.ndarray]) -> None:
        self.batches = batches
        self.slots = [tr.zeros((8,), dtype=f32) for _ in range(2)]
        self.pending: list[tr.Pending | None] = [None, None]
        self.i = 0

    def start(self, i: int) -> None:
        src = tr.from_numpy(self.batches[i])
        self.pending[i % 2] = k.copy(tiles(self.slots[i % 2]), src).submit()

    def next(self) -> Tensor[f32]:
        slot = self.slots[self.i % 2]
        if self.i + 1 < len(self.batches):
            self.start(self.i + 1)
        self.i += 1
        return slot


batches = [np.full(8, b, dtype=np.float32) for b in range(3)]
pf = Prefetcher(batches)
pf.start(0)
batch = pf.next()
print(batch.to_numpy()[0])  # expect: TC102

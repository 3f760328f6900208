"""The two-slot prefetcher, waiting a slot's upload before handing the slot out."""

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
        cur = self.i % 2
        p = self.pending[cur]
        if p is not None:
            p.wait()
            self.pending[cur] = None
        self.i += 1
        return self.slots[cur]


batches = [np.full(8, b, dtype=np.float32) for b in range(4)]
pf = Prefetcher(batches)
pf.start(0)
seen = []
for i in range(len(batches)):
    batch = pf.next()
    seen.append(float(batch.to_numpy()[0]))
    if i + 1 < len(batches):
        pf.start(i + 1)
assert seen == [0.0, 1.0, 2.0, 3.0]

"""A prefetching iterator whose `__next__` reloads the one staging tensor the consumer's
launch still reads."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class Prefetcher:
    def __init__(self, batches: list[np.ndarray]) -> None:
        self.batches = batches
        self.stage = tr.zeros((batches[0].size,), name="stage")
        self.i = 0

    def __iter__(self) -> "Prefetcher":
        return self

    def __next__(self) -> tr.Tensor:
        if self.i == len(self.batches):
            raise StopIteration
        self.stage.copy_from(self.batches[self.i])  # expect: TC103
        self.i += 1
        return self.stage


batches = [np.full(16, float(i), np.float32) for i in range(3)]
acc = tr.zeros((16,), name="acc")
inflight = []
for batch in Prefetcher(batches):  # expect-also
    inflight.append(K.accum(tiles(acc), batch).submit())
    if len(inflight) > 1:
        inflight.pop(0).wait()
for p in inflight:
    p.wait()

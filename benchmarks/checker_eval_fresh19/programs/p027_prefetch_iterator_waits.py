"""An iterator class whose `__next__` waits the slot's copy before handing it back."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


class Prefetcher:
    def __init__(self, batches: list[tr.Tensor]) -> None:
        self.batches = batches
        self.slots = [tr.zeros(batches[0].shape[0]) for _ in range(2)]
        self.i = 0

    def __iter__(self) -> Prefetcher:
        return self

    def __next__(self) -> tr.Tensor:
        if self.i == len(self.batches):
            raise StopIteration
        slot = self.slots[self.i % 2]
        K.copy(tiles(slot), self.batches[self.i]).submit().wait()
        self.i += 1
        return slot


batches = [upload(np.full(64, i)) for i in range(3)]
means = [float(batch.to_numpy().mean()) for batch in Prefetcher(batches)]
assert means == [0.0, 1.0, 2.0]
print("ok")

"""A loader that refills a pinned staging buffer while the copy out of it is still in flight."""

import numpy as np
from llmweave.kernels import copy

import tilert as tr


class Loader:
    def __init__(self, n: int) -> None:
        self.pinned = tr.zeros((n,), name="pinned")
        self.dev = [tr.zeros((n,)) for _ in range(2)]
        self.flights: list[tr.Pending] = []

    def load(self, i: int, batch: np.ndarray) -> None:
        self.pinned.copy_from(batch)  # expect: TC103
        self.flights.append(copy(self.dev[i % 2].partition((16,)), self.pinned).submit())

    def finish(self) -> None:
        for p in self.flights:
            p.wait()


loader = Loader(64)
for i in range(3):
    loader.load(i, np.full(64, i, np.float32))  # expect-also
loader.finish()

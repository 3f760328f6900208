"""An iterator that prefetches the next batch into a second buffer while the caller uses
the current one; each batch comes with the Pending of its copy, for the caller to wait on."""

import numpy as np
from servekit import TILE, copy

import tilert as tr


class Prefetcher:
    def __init__(self, sources: list[tr.Tensor]) -> None:
        n = sources[0].shape[0]
        self.sources = sources
        self.bufs = [tr.empty((n,)), tr.empty((n,))]
        self.pend: list[tr.Pending | None] = [None, None]
        self.i = 0
        self._issue(0)

    def _issue(self, i: int) -> None:
        if i < len(self.sources):
            slot = i % 2
            self.pend[slot] = copy(self.bufs[slot].partition((TILE,)), self.sources[i]).submit()

    def __iter__(self) -> "Prefetcher":
        return self

    def __next__(self) -> tuple[tr.Tensor, tr.Pending]:
        if self.i >= len(self.sources):
            raise StopIteration
        slot = self.i % 2
        ready = self.pend[slot]
        self.pend[slot] = None
        self._issue(self.i + 1)
        self.i += 1
        return self.bufs[slot], ready


rng = np.random.default_rng(27)
data = [tr.from_numpy(rng.standard_normal(256).astype(np.float32)) for _ in range(4)]
for step, (batch, ready) in enumerate(Prefetcher(data)):
    ready.wait()
    print(step, float(batch.to_numpy().std()))

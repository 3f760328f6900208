"""The prefetching iterator takes the consumer's last Pending and waits it before reloading."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class Prefetcher:
    def __init__(self, batches: list[np.ndarray]) -> None:
        self.batches = batches
        self.stage = tr.zeros((batches[0].size,), name="stage")
        self.i = 0
        self.reader: tr.Pending | None = None

    def __iter__(self) -> "Prefetcher":
        return self

    def __next__(self) -> tr.Tensor:
        if self.reader is not None:
            self.reader.wait()
            self.reader = None
        if self.i == len(self.batches):
            raise StopIteration
        self.stage.copy_from(self.batches[self.i])
        self.i += 1
        return self.stage


batches = [np.full(16, float(i), np.float32) for i in range(3)]
acc = tr.zeros((16,), name="acc")
feed = Prefetcher(batches)
for batch in feed:
    feed.reader = K.accum(tiles(acc), batch).submit()
np.testing.assert_array_equal(acc.to_numpy(), np.full(16, 3.0, np.float32))

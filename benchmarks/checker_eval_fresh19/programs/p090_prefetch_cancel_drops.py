"""A prefetcher's `cancel()` forgets its Pending without waiting it."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


class Prefetcher:
    def __init__(self, src: tr.Tensor) -> None:
        self.src = src
        self.dst = tr.zeros(src.shape[0])
        self.pending: tr.Pending | None = None

    def kick(self) -> None:
        self.pending = K.copy(tiles(self.dst), self.src).submit()  # expect: TC108

    def cancel(self) -> None:
        self.pending = None


pf = Prefetcher(upload(np.ones(64)))
pf.kick()  # expect-also
pf.cancel()
print("cancelled")

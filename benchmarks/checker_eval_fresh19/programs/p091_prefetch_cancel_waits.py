"""A prefetcher's `cancel()` waits its Pending before forgetting it."""

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
        self.pending = K.copy(tiles(self.dst), self.src).submit()

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending.wait()
        self.pending = None


pf = Prefetcher(upload(np.ones(64)))
pf.kick()
pf.cancel()
np.testing.assert_allclose(pf.dst.to_numpy(), 1.0)
print("ok")

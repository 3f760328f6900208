"""A prefetcher's `kick()` submits its copy; it is called while the decode step is captured."""

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
        self.pending = K.copy(tiles(self.dst), self.src).submit()  # expect: TC111


pf = Prefetcher(upload(np.ones(64)))
out = tr.zeros(64)
with tr.graph() as g:
    pf.kick()  # expect-also
    g.record(K.scale(tiles(out), pf.src, 2.0))
g.close()

"""A sharded 'in-place' update: each shard of h is recomputed from the whole of h."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import matvec

import tilert as tr

D, SHARDS = 64, 2


class InPlaceMixer:
    def __init__(self) -> None:
        self.h = tr.ones((D,))
        self.w = tr.from_numpy(np.eye(D, dtype=np.float32))

    def mix(self) -> None:
        step = D // SHARDS
        for s in range(SHARDS):
            a, b = s * step, (s + 1) * step
            matvec(self.h[a:b].partition((16,)), self.w[a:b], self.h, 16).sync()  # expect: TC101


InPlaceMixer().mix()  # expect-also

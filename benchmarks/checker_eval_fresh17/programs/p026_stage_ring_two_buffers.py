"""Pipeline stages over a ring of two buffers: stage i reads bufs[i % 2], writes the other."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


class Ring:
    def __init__(self, bufs: list[tr.Tensor]) -> None:
        self.bufs = bufs

    def stage(self, i: int, gain: float) -> None:
        src = self.bufs[i % len(self.bufs)]
        dst = self.bufs[(i + 1) % len(self.bufs)]
        K.scale(tiles(dst), src, gain).sync()


ring = Ring([tr.ones((64,), name="ping"), tr.zeros((64,), name="pong")])
for i in range(3):
    ring.stage(i, 2.0)
assert np.all(ring.bufs[1].to_numpy() == 8.0)
print(ring.bufs[1].to_numpy()[:2])

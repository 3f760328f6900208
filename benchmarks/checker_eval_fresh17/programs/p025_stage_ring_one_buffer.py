"""Pipeline stages over a ring of buffers: stage i reads bufs[i], writes bufs[(i + 1) % n]; n
is 1."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


class Ring:
    def __init__(self, bufs: list[tr.Tensor]) -> None:
        self.bufs = bufs

    def stage(self, i: int, gain: float) -> None:
        src = self.bufs[i % len(self.bufs)]
        dst = self.bufs[(i + 1) % len(self.bufs)]
        K.scale(tiles(dst), src, gain).sync()  # expect: TC101


ring = Ring([tr.ones((64,), name="act")])
for i in range(3):
    ring.stage(i, 1.5)  # expect-also
print(ring.bufs[0].to_numpy()[:2])

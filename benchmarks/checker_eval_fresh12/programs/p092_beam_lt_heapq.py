"""Beams ordered by a __lt__ that reads each beam's score tensor; heapq.nlargest runs before the
score updates are waited."""

import heapq

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class Beam:
    def __init__(self, bid: int, logp: tr.Tensor) -> None:
        self.bid = bid
        self.score = tr.zeros((64,))
        self.pend = K.scale(tiles(self.score), logp, float(bid + 1)).submit()

    def __lt__(self, other: "Beam") -> bool:
        return float(self.score.to_numpy()[0]) < float(other.score.to_numpy()[0])  # expect: TC102


logp = tr.full((64,), -0.5)
beams = [Beam(i, logp) for i in range(4)]
best = heapq.nlargest(2, beams)  # expect-also
for b in beams:
    b.pend.wait()
print([b.bid for b in best])

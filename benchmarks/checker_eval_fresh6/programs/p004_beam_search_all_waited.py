"""Beam search with a list of beam objects; every beam's Pending is waited in a loop over the
list before any host read, and the best beam's buffer is copied into the others."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

VOCAB, BEAMS = 64, 4


class Beam:
    def __init__(self, idx: int) -> None:
        self.idx = idx
        self.scores = tr.full((VOCAB,), float(idx))
        self.pending: tr.Pending | None = None

    def step(self, logits: tr.Tensor) -> None:
        self.pending = k.acc(self.scores.partition((16,)), logits).submit()

    def settle(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


logits = tr.from_numpy(np.arange(VOCAB, dtype=np.float32) / VOCAB)
beams = [Beam(i) for i in range(BEAMS)]
for _ in range(3):
    for beam in beams:
        beam.step(logits)
    for beam in beams:
        beam.settle()
    best = max(beams, key=lambda b: float(b.scores.to_numpy().max()))
    for beam in beams:
        if beam is not best:
            k.copy(beam.scores.partition((16,)), best.scores).sync()
tops = {b.idx: float(b.scores.to_numpy().max()) for b in beams}
assert len(set(tops.values())) == 1, tops
print(tops)

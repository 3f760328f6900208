"""Beam search: each beam owns its score buffer and the Pending of its last update; the
ranking step waits every beam but forgets the last one (beams[:-1])."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmforge import kernels as k

import tilert as tr

VOCAB = 64


@dataclass
class Beam:
    scores: tr.Tensor
    pending: tr.Pending | None = None
    history: list[int] = field(default_factory=list)

    def extend(self, logits: tr.Tensor) -> None:
        self.pending = k.acc(self.scores.partition((16,)), logits).submit()


def rank(beams: list[Beam]) -> list[int]:
    for beam in beams[:-1]:
        if beam.pending is not None:
            beam.pending.wait()
    return [int(np.argmax(b.scores.to_numpy())) for b in beams]  # expect: TC102


logits = tr.from_numpy(np.linspace(0.0, 1.0, VOCAB, dtype=np.float32))
beams = [Beam(tr.zeros((VOCAB,))) for _ in range(3)]
for b in beams:
    b.extend(logits)
print(rank(beams))  # expect-also

"""Beam search that builds its score-normalisation op in every step."""

import numpy as np
from llmcraft import scale

import tilert as tr

BEAMS = 128


class BeamSearch:
    def __init__(self, length_penalty: float) -> None:
        self.length_penalty = length_penalty
        self.raw = tr.from_numpy(np.linspace(-5, 0, BEAMS, dtype=np.float32), name="raw")
        self.scores = tr.empty((BEAMS,), name="scores")

    def _normalize(self) -> tr.Op:
        return scale(self.scores.partition((64,)), self.raw, 1.0 / self.length_penalty)

    def step(self) -> list[int]:
        self._normalize().sync()
        return [int(i) for i in np.argsort(self.scores.to_numpy())[-4:]]


search = BeamSearch(length_penalty=1.2)
for _ in range(2):
    print(search.step())

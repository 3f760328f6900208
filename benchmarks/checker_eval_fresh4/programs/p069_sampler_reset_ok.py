from __future__ import annotations

import numpy as np
from llmrun.kernels import fill, scale

import tilert as tr


class Sampler:
    def __init__(self, vocab: int) -> None:
        self.logits = tr.ones((vocab,), name="logits")
        self.temperature = 0.5

    @property
    def tiles(self) -> tr.Partition:
        return self.logits.partition((16,))

    def reset(self) -> None:
        fill(self.tiles, 2.0).sync()

    def temper(self) -> np.ndarray:
        scale(self.tiles, 1.0 / self.temperature).sync()
        return self.logits.to_numpy()


s = Sampler(64)
s.reset()
assert np.all(s.temper() == 4.0)

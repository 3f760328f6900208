"""A sampler whose `logits_part` property makes a fresh partition each time it is used."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import relu, scale

import tilert as tr

V = 64


class Sampler:
    def __init__(self) -> None:
        self.logits = tr.zeros((V,), name="logits")

    @property
    def logits_part(self) -> tr.Partition:
        return self.logits.partition((16,))

    def temperature(self, hidden: tr.Tensor, t: float) -> None:
        scale(self.logits_part, hidden, 1.0 / t).sync()

    def clip(self, hidden: tr.Tensor) -> None:
        relu(self.logits_part, hidden).sync()

    def pick(self) -> int:
        return int(np.argmax(self.logits.to_numpy()))


s = Sampler()
h = tr.from_numpy(np.linspace(-1, 1, V, dtype=np.float32))
s.temperature(h, 0.5)
s.clip(h)
assert s.pick() == V - 1

"""A base engine from the package and two subclasses: one overrides `step` to scale the delta
first, one drains inside `read`. Every Pending is waited by the base class's `drain`."""

from __future__ import annotations

import numpy as np
from llmforge import buffers
from llmforge.engine import Engine

import tilert as tr


class ScaledEngine(Engine):
    def __init__(self, n: int, factor: float) -> None:
        super().__init__(n)
        self.factor = factor
        self.scaled = tr.zeros((n,))

    def step(self, delta: tr.Tensor) -> None:
        buffers.scale_into(self.scaled, delta, self.factor).sync()
        super().step(self.scaled)


class EagerEngine(Engine):
    def read(self) -> list[float]:
        self.drain()
        return super().read()


delta = tr.from_numpy(np.ones(64, np.float32))
engines: list[Engine] = [ScaledEngine(64, 3.0), EagerEngine(64)]
for eng in engines:
    for _ in range(2):
        eng.step(delta)
        eng.drain()
first = engines[0].read()
second = engines[1].read()
assert first[0] == 6.0 and second[0] == 2.0, (first[0], second[0])
print(first[0], second[0])

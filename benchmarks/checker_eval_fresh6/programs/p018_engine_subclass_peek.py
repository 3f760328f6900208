"""A class hierarchy over the package's base engine (llmforge.engine.Engine): the subclass
adds a `peek` that reads the scratch buffer the last `step` is still writing."""

from __future__ import annotations

import numpy as np
from llmforge.engine import Engine

import tilert as tr


class TracingEngine(Engine):
    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.trace: list[float] = []

    def peek(self) -> None:
        self.trace.append(float(self.scratch.to_numpy().max()))  # expect: TC102


eng = TracingEngine(64)
delta = tr.from_numpy(np.arange(64, dtype=np.float32))
eng.step(delta)
eng.peek()  # expect-also
eng.drain()
print(eng.trace)

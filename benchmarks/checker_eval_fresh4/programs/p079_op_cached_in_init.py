"""A decode step whose op is built once in __init__ and run on every step."""

from __future__ import annotations

from llmrun.kernels import axpy

import tilert as tr


class Decoder:
    def __init__(self, d: int) -> None:
        self.h = tr.zeros((d,))
        self.delta = tr.full((d,), 0.1)
        self._step = axpy(self.h.partition((16,)), self.delta, 1.0)

    def step(self) -> None:
        self._step.sync()  # expect: TC110


dec = Decoder(64)
for _ in range(2):
    dec.step()  # expect-also

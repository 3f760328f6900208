"""An engine that builds its step's ops once, in a static factory, and runs them per call."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Engine:
    def __init__(self, ops: list[tr.Op[Any]], out: tr.Tensor[tr.f32]) -> None:
        self.ops = ops
        self.out = out

    @staticmethod
    def build(width: int) -> Engine:
        out = tr.zeros((width,))
        bias = tr.ones((width,))
        return Engine([k.acc(tiles(out), bias)], out)

    def step(self) -> None:
        for op in self.ops:
            op.sync()  # expect: TC110


engine = Engine.build(8)
engine.step()
engine.step()  # expect-also
print(engine.out.to_numpy())

"""An engine whose step builds fresh ops on every call, from a classmethod factory."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Engine:
    def __init__(self, out: tr.Tensor[tr.f32], makers: list[Callable[[], tr.Op[Any]]]) -> None:
        self.out = out
        self.makers = makers

    @classmethod
    def build(cls, width: int) -> Engine:
        out = tr.zeros((width,))
        bias = tr.ones((width,))
        return cls(out, [lambda: k.acc(tiles(out), bias), lambda: k.scale_(tiles(out), 2.0)])

    def step(self) -> None:
        for make in self.makers:
            make().sync()


engine = Engine.build(8)
engine.step()
engine.step()
np.testing.assert_allclose(engine.out.to_numpy(), np.full(8, 6.0))
print("ok")

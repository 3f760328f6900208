"""The Engine again, its __call__'s Pending waited by the caller before the output is read."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class Engine:
    def __init__(self, width: int, gain: float) -> None:
        self.width = width
        self.gain = gain
        self.out = tr.zeros((width,), dtype=f32)

    @classmethod
    def small(cls) -> Engine:
        return cls(8, 2.0)

    @staticmethod
    def prompt(width: int) -> Tensor[f32]:
        return tr.arange(width, dtype=f32)

    def __call__(self, x: Tensor[f32]) -> tr.Pending:
        return k.scale(tiles(self.out), x, self.gain).submit()


eng = Engine.small()
handle = eng(Engine.prompt(eng.width))
handle.wait()
np.testing.assert_allclose(eng.out.to_numpy(), 2.0 * np.arange(8))

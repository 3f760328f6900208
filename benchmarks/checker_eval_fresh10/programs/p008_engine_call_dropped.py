"""An all-in-one Engine: factories, and a __call__ whose Pending the caller forgets."""

from __future__ import annotations

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
        return k.scale(tiles(self.out), x, self.gain).submit()  # expect: TC108


def serve() -> None:
    eng = Engine.small()
    eng(Engine.prompt(eng.width))  # expect-also
    print("served")


serve()

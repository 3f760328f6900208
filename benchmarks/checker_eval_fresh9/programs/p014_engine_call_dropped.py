"""An all-in-one engine: calling it starts a step and returns the step's Pending."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Engine:
    def __init__(self, width: int) -> None:
        self.state = tr.zeros((width,))
        self.delta = tr.ones((width,))

    @classmethod
    def sized(cls, width: int) -> Engine:
        return cls(width)

    def __call__(self) -> tr.Pending[Any]:
        return k.acc(tiles(self.state), self.delta).submit()  # expect: TC108


engine = Engine.sized(8)
engine()  # expect-also
engine().wait()
print(np.asarray(engine.state))

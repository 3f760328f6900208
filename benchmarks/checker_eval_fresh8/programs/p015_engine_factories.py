"""An all-in-one Engine: built by a classmethod factory from a config, a staticmethod picks the
tile, `__call__` submits one step and returns its Pending, which the caller waits."""

from __future__ import annotations

import numpy as np
from llmweave.kernels import add, scale

import tilert as tr


class Engine:
    def __init__(self, weight: tr.Tensor, hidden: int) -> None:
        self.weight = weight
        self.hidden = tr.zeros((hidden,))
        self.out = tr.zeros((hidden,))

    @classmethod
    def from_config(cls, cfg: dict[str, int]) -> Engine:
        return cls(tr.full((cfg["hidden"],), 2.0), cfg["hidden"])

    @staticmethod
    def tile_for(t: tr.Tensor) -> tuple[int]:
        return (min(16, t.shape[0]),)

    def __call__(self, x: tr.Tensor) -> tr.Pending:
        scale(self.hidden.partition(self.tile_for(self.hidden)), x, 3.0).sync()
        return add(self.out.partition(self.tile_for(self.out)), self.hidden, self.weight).submit()


engine = Engine.from_config({"hidden": 64})
done = engine(tr.ones((64,)))
done.wait()
assert np.allclose(engine.out.to_numpy(), 5.0)
print("engine ok")

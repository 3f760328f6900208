"""The number of tokens left for a request lives on the device; slicing uses it as an index."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import add

import tilert as tr


class Budget:
    def __init__(self, limit: float) -> None:
        self.left = tr.full((64,), limit, name="left")
        self.charges = []

    def charge(self, used: tr.Tensor) -> None:
        scratch = tr.empty((64,))
        self.charges.append(add(tiles(scratch), self.left, used).submit())
        self.charges[-1].wait()
        self.left = scratch

    def __index__(self) -> int:
        return int(self.left.to_numpy()[0])


budget = Budget(12.0)
prompt = list(range(40))
budget.charge(tr.full((64,), -5.0))
window = prompt[:budget]
assert len(window) == 7 and np.all(budget.left.to_numpy() == 7.0)

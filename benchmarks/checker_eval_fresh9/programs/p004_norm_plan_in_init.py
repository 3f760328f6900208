"""A norm layer plans its output tiles once, in __init__, and reports its output."""

import numpy as np
from llmcraft import kernels as k

import tilert as tr


class Norm:
    def __init__(self, width: int, tile: int = 4) -> None:
        self.out = tr.zeros((width,), name="norm.out")
        self.tile = tile
        self.plan = self.out.partition((tile,))

    def report(self) -> float:
        return float(np.abs(self.out.to_numpy()).max())  # expect: TC104


norm = Norm(16)
print("max", norm.report())  # expect-also
k.fill(norm.plan, 1.0).sync()

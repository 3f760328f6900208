"""An accumulator reuses the partition it made on its first step."""

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Accumulator:
    def __init__(self, n: int) -> None:
        self.total = tr.zeros((n,))
        self._plan: tr.Partition[tr.f32] | None = None

    def _tiles(self) -> tr.Partition[tr.f32]:
        if self._plan is None:
            self._plan = tiles(self.total)
        return self._plan

    def add(self, x: tr.Tensor[tr.f32]) -> None:
        k.acc(self._tiles(), x).sync()  # expect: TC109


acc = Accumulator(8)
for step in range(3):
    acc.add(tr.full((8,), float(step)))  # expect-also
print(np.asarray(acc.total))

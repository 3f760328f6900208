"""A gradient accumulator that memoizes its partition to save a call per micro-batch."""

from llmforge import kernels as k

import tilert as tr
from tilert import Tensor, f32


class GradAccumulator:
    def __init__(self, n: int) -> None:
        self.grad = tr.zeros((n,), dtype=f32, name="grad")
        self._part: tr.Partition | None = None

    def tiles(self) -> tr.Partition:
        if self._part is None:
            self._part = self.grad.partition((4,))
        return self._part

    def add(self, micro: Tensor[f32]) -> None:
        k.accum(self.tiles(), micro).sync()  # expect: TC109


acc = GradAccumulator(8)
for _ in range(4):
    acc.add(tr.ones((8,), dtype=f32))  # expect-also
print(acc.grad.to_numpy())

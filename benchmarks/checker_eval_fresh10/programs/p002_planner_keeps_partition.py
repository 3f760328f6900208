"""A layer that plans its output tiles once in __init__ and reports the output later."""

from llmforge import kernels as k

import tilert as tr
from tilert import f32


class Planned:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,), dtype=f32)
        self.plan = self.out.partition((4,))

    def norm_of_output(self) -> float:
        return float((self.out.to_numpy() ** 2).sum())  # expect: TC104


layer = Planned(8)
x = tr.ones((8,), dtype=f32)
print(layer.norm_of_output())  # expect-also
k.scale(layer.plan, x, 2.0).sync()

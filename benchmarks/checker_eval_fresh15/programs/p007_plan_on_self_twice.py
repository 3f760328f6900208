"""A gradient accumulator that plans its output once, in __init__, and steps twice."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


class Accumulator:
    def __init__(self, n: int) -> None:
        self.total = tr.zeros((n,))
        self.plan = tiles(self.total)

    def step(self, grad: tr.Tensor) -> None:
        K.accum(self.plan, grad).sync()  # expect: TC109


acc = Accumulator(32)
acc.step(vec(np.ones(32)))
acc.step(vec(np.full(32, 0.5)))  # expect-also
print(acc.total.to_numpy()[:2])

"""A gradient accumulator that plans its output at every step."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


class Accumulator:
    def __init__(self, n: int) -> None:
        self.total = tr.zeros((n,))

    def step(self, grad: tr.Tensor) -> None:
        K.accum(tiles(self.total), grad).sync()


acc = Accumulator(32)
for g in (1.0, 0.5, 0.25):
    acc.step(vec(np.full(32, g)))
assert np.allclose(acc.total.to_numpy(), 1.75)

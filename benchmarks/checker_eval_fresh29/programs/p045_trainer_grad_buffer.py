"""A trainer class that passes its gradient buffer straight to the accumulating kernel."""

import numpy as np
from llmreef import axpy

import tilert as tr


class Accumulator:
    def __init__(self, n: int) -> None:
        self.grad = tr.zeros((n,), name="grad")
        self.count = 0

    def add(self, g: tr.Tensor) -> None:
        axpy(self.grad, g, 1.0).sync()  # expect: TC106
        self.count += 1

    def mean(self) -> np.ndarray:
        return self.grad.to_numpy() / max(self.count, 1)


acc = Accumulator(256)
for i in range(3):
    acc.add(tr.full((256,), float(i)))  # expect-also: TC106
print(acc.mean()[:3])

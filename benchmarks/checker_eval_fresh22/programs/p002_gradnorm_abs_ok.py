"""Gradient clipping in a training step: the clip test goes through `abs(norm)`, after settle()."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class GradNorm:
    def __init__(self, grad: tr.Tensor) -> None:
        self.sq = tr.zeros(grad.shape, name="grad_sq")
        self.grad = grad
        self.pending: tr.Pending | None = None

    def start(self) -> None:
        self.pending = K.mul(tiles(self.sq), self.grad, self.grad).submit()

    def __abs__(self) -> float:
        return float(np.sqrt(self.sq.to_numpy().sum()))

    def settle(self) -> "GradNorm":
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return self


grad = upload(np.linspace(-1.0, 1.0, 128))
norm = GradNorm(grad)
norm.start()
clip = 4.0
if abs(norm.settle()) > clip:
    K.scale_(tiles(grad), 0.5).sync()
expect = np.sqrt((np.linspace(-1.0, 1.0, 128) ** 2).sum())
assert abs(abs(norm) - expect) < 1e-4
print("grad norm", abs(norm))

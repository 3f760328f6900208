"""A parameter class whose __imul__ decays the weight in place; applied while the submitted
forward still reads the weight."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class Param:
    def __init__(self, values: np.ndarray) -> None:
        self.data = H.upload(values)

    def __imul__(self, a: float) -> "Param":
        K.scale_(H.tiles(self.data), a).sync()  # expect: TC103
        return self


w = Param(np.ones(32))
x, y = H.upload(np.arange(32)), tr.zeros((32,))
fwd = K.mul(H.tiles(y), w.data, x).submit()
w *= 0.99  # expect-also
fwd.wait()

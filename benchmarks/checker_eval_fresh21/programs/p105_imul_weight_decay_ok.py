"""A parameter class whose __imul__ decays the weight in place, applied after the forward's wait."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class Param:
    def __init__(self, values: np.ndarray) -> None:
        self.data = H.upload(values)

    def __imul__(self, a: float) -> "Param":
        K.scale_(H.tiles(self.data), a).sync()
        return self


w = Param(np.ones(32))
x, y = H.upload(np.arange(32)), tr.zeros((32,))
fwd = K.mul(H.tiles(y), w.data, x).submit()
fwd.wait()
w *= 0.5
assert np.allclose(w.data.to_numpy(), 0.5) and np.allclose(y.to_numpy(), np.arange(32))

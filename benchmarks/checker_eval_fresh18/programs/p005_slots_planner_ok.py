"""A ``__slots__`` class that plans its partition only inside ``run()``, so ``norm()`` reads
a free buffer before and after."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Scaler:
    __slots__ = ("buf", "src")

    def __init__(self, src: tr.Tensor[tr.f32]) -> None:
        self.src = src
        self.buf = tr.zeros(src.shape)

    def norm(self) -> float:
        return float(np.linalg.norm(self.buf.to_numpy()))

    def run(self, a: float) -> None:
        K.scale(tiles(self.buf), self.src, a).sync()


s = Scaler(vec(np.ones(64)))
assert s.norm() == 0.0
s.run(0.5)
assert abs(s.norm() - 4.0) < 1e-6

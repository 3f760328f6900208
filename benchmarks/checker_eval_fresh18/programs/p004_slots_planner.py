"""A hand-written ``__slots__`` class that plans its output partition in ``__init__`` and
whose ``norm()`` reads the buffer while that plan is still alive."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Scaler:
    __slots__ = ("buf", "plan", "src")

    def __init__(self, src: tr.Tensor[tr.f32]) -> None:
        self.src = src
        self.buf = tr.zeros(src.shape)
        self.plan = tiles(self.buf)

    def norm(self) -> float:
        return float(np.linalg.norm(self.buf.to_numpy()))  # expect: TC104

    def run(self, a: float) -> None:
        K.scale(self.plan, self.src, a).sync()


s = Scaler(vec(np.ones(64)))
print("before:", s.norm())  # expect-also
s.run(0.5)

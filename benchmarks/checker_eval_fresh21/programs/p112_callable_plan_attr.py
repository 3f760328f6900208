"""A callable normalizer keeps its output plan from __init__; the second layer's call reuses it."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class Rescale:
    def __init__(self, out: tr.Tensor, gain: float) -> None:
        self.out = out
        self.plan = H.tiles(out)
        self.gain = gain

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        K.scale(self.plan, x, self.gain).sync()  # expect: TC109
        return self.out


norm = Rescale(tr.zeros((32,)), 0.5)
h = norm(H.upload(np.ones(32)))
h2 = norm(H.upload(np.full(32, 3.0)))  # expect-also

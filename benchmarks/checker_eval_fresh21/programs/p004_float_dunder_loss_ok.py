"""A loss meter converted with float() after its reduction was waited."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class LossMeter:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))

    def __float__(self) -> float:
        return float(self.buf.to_numpy().mean())


meter = LossMeter(64)
pred = H.upload(np.linspace(0, 1, 64))
p = K.mul(H.tiles(meter.buf), pred, pred).submit()
p.wait()
expected = float(np.mean(np.linspace(0, 1, 64, dtype=np.float32) ** 2))
assert abs(float(meter) - expected) < 1e-5

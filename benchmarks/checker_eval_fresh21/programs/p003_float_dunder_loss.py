"""A loss meter converted with float() inside an f-string before its reduction is waited."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class LossMeter:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))

    def __float__(self) -> float:
        return float(self.buf.to_numpy().mean())  # expect: TC102


meter = LossMeter(64)
pred, target = H.upload(np.linspace(0, 1, 64)), H.upload(np.zeros(64))
p = K.mul(H.tiles(meter.buf), pred, pred).submit()
print(f"step 0 loss {float(meter):.4f}")  # expect-also
p.wait()
print(target.shape)

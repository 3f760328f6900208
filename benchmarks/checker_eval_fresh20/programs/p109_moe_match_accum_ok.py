"""Mixture of experts dispatched with match on the expert kind, each accumulating the output."""

from dataclasses import dataclass

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


@dataclass
class Dense:
    w: tr.Tensor


@dataclass
class Shared:
    factor: float


x = upload(np.arange(16))
out = tr.zeros((16,))
experts = [Dense(upload(np.full(16, 2.0))), Shared(0.5)]
for expert in experts:
    match expert:
        case Dense(w=w):
            tmp = tr.zeros((16,))
            K.mul(tiles(tmp), w, x).sync()
            K.accum(tiles(out), tmp).sync()
        case Shared(factor=f):
            K.axpy(tiles(out), x, f).sync()
np.testing.assert_allclose(out.to_numpy(), np.arange(16) * 2.5)

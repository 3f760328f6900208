"""A half-precision cache filled inside a capture through a helper that converts with astype."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


def to_half(t: tr.Tensor) -> tr.Tensor:
    return t.astype(tr.f16)  # expect: TC111


x, out = H.upload(np.arange(32)), tr.zeros((32,))
with tr.graph() as g:
    g.record(K.relu(H.tiles(out), x))
    half = to_half(out)  # expect-also
g.close()

"""A decay step built by functools.partial over a function that plans the weight per call."""

import functools

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


def scale_in_place(t: tr.Tensor, a: float) -> tr.Op:
    return K.scale_(H.tiles(t), a)


w = H.upload(np.ones(32))
decay = functools.partial(scale_in_place, w)
for _ in range(2):
    decay(0.9).sync()
assert np.allclose(w.to_numpy(), 0.81)

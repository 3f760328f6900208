"""A primed generator coroutine that makes the weight's plan only after the factor arrives; the
weight is read while it is suspended."""

from collections.abc import Generator

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


def decayer(w: tr.Tensor) -> Generator[None, float, None]:
    factor = yield
    K.scale_(H.tiles(w), factor).sync()
    yield


w = H.upload(np.ones(32))
gen = decayer(w)
next(gen)
before = float(w.to_numpy().sum())
gen.send(0.5)
assert before == 32.0 and np.allclose(w.to_numpy(), 0.5)

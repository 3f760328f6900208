"""A primed generator coroutine holds the weight's plan in its suspended frame; the weight is
read before the factor is sent."""

from collections.abc import Generator

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


def decayer(w: tr.Tensor) -> Generator[None, float, None]:
    plan = H.tiles(w)
    factor = yield
    K.scale_(plan, factor).sync()
    yield


w = H.upload(np.ones(32))
gen = decayer(w)
next(gen)
print("norm before", float(np.linalg.norm(w.to_numpy())))  # expect: TC104
gen.send(0.5)

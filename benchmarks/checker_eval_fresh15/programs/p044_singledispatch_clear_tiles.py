"""A singledispatch clear(): numpy arrays in place, tilert tensors through their tiles."""

from functools import singledispatch

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles

import tilert as tr


@singledispatch
def clear(buf) -> None:
    raise TypeError(type(buf))


@clear.register
def _(buf: np.ndarray) -> None:
    buf[...] = 0


@clear.register
def _(buf: tr.Tensor) -> None:
    K.fill(tiles(buf), 0.0).sync()


staging = np.ones(32, dtype=np.float32)
clear(staging)
cache = tr.ones((32,))
clear(cache)
assert not staging.any() and not cache.to_numpy().any()

"""A singledispatch clear(): numpy arrays in place, tilert tensors by a kernel."""

from functools import singledispatch

import numpy as np
from llmlathe import kernels as K

import tilert as tr


@singledispatch
def clear(buf) -> None:
    raise TypeError(type(buf))


@clear.register
def _(buf: np.ndarray) -> None:
    buf[...] = 0


@clear.register
def _(buf: tr.Tensor) -> None:
    K.fill(buf, 0.0).sync()  # expect: TC106


staging = np.ones(32, dtype=np.float32)
clear(staging)
cache = tr.ones((32,))
clear(cache)  # expect-also

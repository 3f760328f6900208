"""A .then chain with a named callback: the partition moves to the second launch."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import add, axpy

import tilert as tr

N = 64
x, bias = tr.arange(N), tr.ones((N,))
y = tr.zeros((N,))


def add_bias_twice(yp: tr.Partition, *_: object) -> tr.Op:
    return axpy(yp, bias, 2.0)


add(y.partition((16,)), x, x).then(add_bias_twice).sync()
assert np.allclose(y.to_numpy(), 2 * np.arange(N) + 2)

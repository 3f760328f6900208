"""A `.then` callback made with functools.partial over a plain function that launches the next
step on the handed-on partition."""

from functools import partial

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def add_bias(part: tr.Partition, *_: object, bias: tr.Tensor) -> tr.Op:
    return K.accum(part, bias)


x = tr.arange(128)
y = tr.zeros((128,))
bias = tr.full((128,), 1.0)
K.scale(tiles(y), x, 2.0).then(partial(add_bias, bias=bias)).sync()
np.testing.assert_allclose(y.to_numpy(), 2.0 * np.arange(128) + 1.0)

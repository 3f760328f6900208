"""A .then callback that also mirrors the input elsewhere and drops that Pending."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
bias = vec(np.ones(32))
mirror = tr.zeros((32,))
z = tr.zeros((32,))


def add_bias(zp, *_):
    K.copy(tiles(mirror), bias).submit()  # expect: TC108
    return K.accum(zp, bias)


K.scale(tiles(z), x, 2.0).then(add_bias).sync()  # expect-also
print(z.to_numpy()[:3])

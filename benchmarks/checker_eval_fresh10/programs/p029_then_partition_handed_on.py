"""A .then chain handing the partition on: scale into y, then scale y in place."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
y = tr.zeros((8,), dtype=f32)
chain = k.scale(tiles(y), x, 2.0).then(lambda yp, *_: k.scale_(yp, 3.0))
chain.then(lambda yp, *_: k.axpy(yp, x, 1.0)).sync()
np.testing.assert_allclose(y.to_numpy(), 7 * np.arange(8))

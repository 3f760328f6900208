"""A schedule of in-place scalings folded into one .then chain with functools.reduce."""

from functools import reduce

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32


def link(op: tr.Op, s: float) -> tr.Op:
    return op.then(lambda yp, *_: k.scale_(yp, s))


x = tr.arange(8, dtype=f32)
y = tr.zeros((8,), dtype=f32)
chain = reduce(link, [2.0, 0.5, 3.0], k.copy(tiles(y), x))
chain.sync()
np.testing.assert_allclose(y.to_numpy(), 3 * np.arange(8))

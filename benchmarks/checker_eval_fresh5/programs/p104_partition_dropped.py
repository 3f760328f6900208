"""A partition made for a launch that was then skipped; dropped, it frees the tensor."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64
y = tr.ones((N,))
x = tr.arange(N)
warm = False
part = y.partition((16,))
if warm:
    scale(part, x, 2.0).sync()
del part
assert np.all(y.to_numpy() == 1.0)

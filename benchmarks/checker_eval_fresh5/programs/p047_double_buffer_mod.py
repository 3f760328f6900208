"""Double buffering with `i % 2`: step i writes bufs[i % 2] from bufs[(i + 1) % 2], waiting
each step before the next reads it."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64
bufs = (tr.ones((N,)), tr.zeros((N,)))
p = None
for i in range(1, 6):
    if p is not None:
        p.wait()
    p = scale(bufs[i % 2].partition((16,)), bufs[(i + 1) % 2], 2.0).submit()
assert p is not None
p.wait()
assert np.allclose(bufs[1].to_numpy(), 32.0)

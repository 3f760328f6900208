"""Two column halves of one matrix written at once through disjoint views."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import fill

import tilert as tr

m = tr.zeros((8, 32))
left = m[:, :16].partition((8, 16))
right = m[:, 16:].partition((8, 16))
pl = fill(left, 1.0).submit()
pr = fill(right, 2.0).submit()
pr.wait()
pl.wait()
got = m.to_numpy()
assert np.all(got[:, :16] == 1.0) and np.all(got[:, 16:] == 2.0)

"""A retry loop that resubmits the same op object when the result looks wrong."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64
x = tr.arange(N)
y = tr.zeros((N,))
op = scale(y.partition((16,)), x, 2.0)
for attempt in range(3):
    print("attempt", attempt)
    op.submit().wait()  # expect: TC110
    if np.allclose(y.to_numpy(), 3 * np.arange(N)):
        break

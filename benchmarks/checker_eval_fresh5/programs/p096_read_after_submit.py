"""A second launch reads the output of a submitted, not yet waited launch (stream order)."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import relu, scale

import tilert as tr

N = 64
x = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
h = tr.zeros((N,))
y = tr.zeros((N,))
p1 = scale(h.partition((16,)), x, 3.0).submit()
p2 = relu(y.partition((16,)), h).submit()
p2.wait()
p1.wait()
assert np.allclose(y.to_numpy(), np.maximum(3 * x.to_numpy(), 0))

"""The host reads the op's input (which the op only reads) while the op is in flight."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64
x = tr.arange(N)
y = tr.zeros((N,))
p = scale(y.partition((16,)), x, 2.0).submit()
expected = 2.0 * x.to_numpy()
p.wait()
assert np.allclose(y.to_numpy(), expected)

"""Three projections zipped, submitted as one and waited once; then every output is read."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64
x = tr.arange(N)
outs = [tr.zeros((N,)) for _ in range(3)]
both = tr.zip(*(scale(o.partition((16,)), x, float(k)) for k, o in enumerate(outs, 1)))
pending = both.submit()
pending.wait()
for k, o in enumerate(outs, 1):
    assert np.allclose(o.to_numpy(), k * np.arange(N))

"""A decode step captured once and replayed in a loop; closed in `finally`."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import add, copy

import tilert as tr

N = 64
h = tr.zeros((N,), name="h")
tmp = tr.zeros((N,), name="tmp")
one = tr.ones((N,))

with tr.graph() as g:
    g.record(add(tmp.partition((16,)), h, one))
    g.record(copy(h.partition((16,)), tmp))
try:
    for _ in range(6):
        g.launch().wait()
finally:
    g.close()
assert np.allclose(h.to_numpy(), 6.0)

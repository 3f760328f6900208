"""A graph reads a weight; the weight is updated in place between replays without closing."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import matvec

import tilert as tr

D = 32
w = tr.ones((D, D), name="w")
x = tr.ones((D,))
y = tr.zeros((D,))
with tr.graph() as g:
    g.record(matvec(y.partition((16,)), w, x, 16))
g.launch().wait()
w.copy_from(np.eye(D, dtype=np.float32))  # expect: TC103
g.launch().wait()
g.close()

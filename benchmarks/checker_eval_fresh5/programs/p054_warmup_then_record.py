"""The step's op is synced once as a warm-up, then the same op object is recorded in a graph."""

from __future__ import annotations

from llmdeck.kernels import axpy

import tilert as tr

N = 64
y = tr.zeros((N,))
x = tr.ones((N,))
step = axpy(y.partition((16,)), x, 1.0)
step.sync()
with tr.graph() as g:
    g.record(step)  # expect: TC110
g.launch().wait()
g.close()

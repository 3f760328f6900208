"""A graph replayed and closed; the state read; then a second graph on the same tensors."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import axpy

import tilert as tr

N = 64
state = tr.zeros((N,))
one = tr.ones((N,))
history = []
for gain in (1.0, 2.0):
    with tr.graph() as g:
        g.record(axpy(state.partition((16,)), one, gain))
    for _ in range(3):
        g.launch().wait()
    g.close()
    history.append(float(state.to_numpy()[0]))
assert history == [3.0, 9.0]
print(np.asarray(history))

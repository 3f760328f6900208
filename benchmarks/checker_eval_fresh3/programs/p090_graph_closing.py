import contextlib

import numpy as np
from llmhost.kernels import bump, copy

import tilert as tr

counter = tr.zeros((64,))
snapshot = tr.zeros((64,))
with tr.graph() as g:
    g.record(bump(counter.partition((16,)), 1.0))
    g.record(copy(snapshot.partition((16,)), counter))

with contextlib.closing(g):
    for _ in range(5):
        g.launch().wait()

assert np.allclose(counter.to_numpy(), 5.0)
assert np.allclose(snapshot.to_numpy(), 5.0)
print("graph replays ok")

"""Host helpers from two modules of the package (`buffers` builds ops and Pendings, `engine`
imports it): fills and axpys submitted through helpers, all waited before reading."""

from __future__ import annotations

import numpy as np
from llmforge import buffers

import tilert as tr

N = 64
x = tr.from_numpy(np.arange(N, dtype=np.float32))
ys = [tr.empty((N,)) for _ in range(3)]
fills = [buffers.fill_async(y, float(i)) for i, y in enumerate(ys)]
for p in fills:
    p.wait()
updates = [buffers.axpy_async(y, x, 0.5) for y in ys]
for p in reversed(updates):
    p.wait()
out = tr.zeros((N,))
buffers.add_into(out, ys[0], ys[2]).sync()
expect = 2.0 + np.arange(N, dtype=np.float32)
assert np.allclose(out.to_numpy(), expect), out.to_numpy()[:4]
print(out.to_numpy()[:4])

"""A stack of Pendings popped until empty; then every output is read."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import relu

import tilert as tr

N = 64
xs = [tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32) * s) for s in (1, -1, 2)]
ys = [tr.zeros((N,)) for _ in xs]
stack = []
for x, y in zip(xs, ys, strict=True):
    stack.append(relu(y.partition((16,)), x).submit())
while stack:
    stack.pop().wait()
assert all((y.to_numpy() >= 0).all() for y in ys)

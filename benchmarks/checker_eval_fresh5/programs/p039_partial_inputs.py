"""functools.partial binds the inputs of a launch; each call passes a fresh partition."""

from __future__ import annotations

import functools

import numpy as np
from llmdeck.kernels import add

import tilert as tr

N = 64
x, y = tr.arange(N), tr.ones((N,))
outs = [tr.zeros((N,)) for _ in range(3)]
launch = functools.partial(lambda part, a, b: add(part, a, b), a=x, b=y)
for o in outs:
    launch(o.partition((16,))).sync()
assert all(np.allclose(o.to_numpy(), np.arange(N) + 1) for o in outs)

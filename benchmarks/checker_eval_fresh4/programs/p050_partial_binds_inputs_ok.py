from __future__ import annotations

import functools

import numpy as np
from llmrun.kernels import axpy

import tilert as tr

acc = tr.zeros((64,), name="acc")
grad = tr.full((64,), 0.5)
update = functools.partial(axpy, x=grad, a=1.0)
for _ in range(3):
    update(acc.partition((16,))).sync()
assert np.allclose(acc.to_numpy(), 1.5)

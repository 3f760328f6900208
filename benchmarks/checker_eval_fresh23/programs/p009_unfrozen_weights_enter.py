"""Fine-tuning one layer: a context manager unfreezes its weight for an in-place update."""

from contextlib import AbstractContextManager

import numpy as np
from llmpress.host import tiles, upload
from llmpress.kernels import axpy, mul

import tilert as tr

N = 256


class Unfrozen(AbstractContextManager):
    def __init__(self, weight: tr.Tensor) -> None:
        self.weight = weight
        self.plan = None

    def __enter__(self):
        self.plan = tiles(self.weight)  # expect: TC103
        return self.plan

    def __exit__(self, *exc):
        self.plan = None
        return None


weight = upload(np.ones(N))
grad = upload(np.full(N, 0.25))
act = tr.zeros((N,), name="act")
x = upload(np.arange(N))

forward = mul(tiles(act), x, weight).submit()
with Unfrozen(weight) as plan:  # expect-also
    axpy(plan, grad, -0.1).sync()
forward.wait()

"""Fine-tuning one layer: a context manager unfreezes its weight after the forward settled."""

from contextlib import AbstractContextManager

import numpy as np
from llmpress.host import tiles, upload
from llmpress.kernels import axpy, mul

import tilert as tr

N = 256


class Unfrozen(AbstractContextManager):
    def __init__(self, weight: tr.Tensor, *readers: tr.Pending) -> None:
        self.weight = weight
        self.readers = readers
        self.plan = None

    def __enter__(self):
        for reader in self.readers:
            reader.wait()
        self.plan = tiles(self.weight)
        return self.plan

    def __exit__(self, *exc):
        self.plan = None
        return None


weight = upload(np.ones(N))
grad = upload(np.full(N, 0.25))
act = tr.zeros((N,), name="act")
x = upload(np.arange(N))

forward = mul(tiles(act), x, weight).submit()
with Unfrozen(weight, forward) as plan:
    axpy(plan, grad, -0.1).sync()
np.testing.assert_allclose(act.to_numpy(), np.arange(N, dtype=np.float32))
np.testing.assert_allclose(weight.to_numpy(), np.full(N, 0.975, dtype=np.float32))

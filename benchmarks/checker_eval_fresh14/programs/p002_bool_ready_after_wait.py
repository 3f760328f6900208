"""The same `__bool__` test, taken once the step's Pending was waited."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class Step:
    def __init__(self, n: int) -> None:
        self.logits = tr.zeros((n,), name="logits")
        self.pending: tr.Pending | None = None

    def launch(self, h: tr.Tensor, w: tr.Tensor) -> None:
        self.pending = K.mul(tiles(self.logits), h, w).submit()

    def settle(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None

    def __bool__(self) -> bool:
        self.settle()
        return bool((self.logits.to_numpy() > 0).any())


h = tr.from_numpy(np.linspace(-1, 1, 64, dtype=np.float32))
w = tr.ones((64,))
step = Step(64)
step.launch(h, w)
assert step
np.testing.assert_allclose(step.logits.to_numpy(), np.linspace(-1, 1, 64, dtype=np.float32))

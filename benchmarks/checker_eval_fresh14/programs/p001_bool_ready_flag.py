"""A decode step whose `__bool__` says whether any logit is positive; tested with `if step:`."""

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

    def __bool__(self) -> bool:
        return bool((self.logits.to_numpy() > 0).any())  # expect: TC102


h = tr.from_numpy(np.linspace(-1, 1, 64, dtype=np.float32))
w = tr.ones((64,))
step = Step(64)
step.launch(h, w)
if step:  # expect-also
    print("some logits positive")
assert step.pending is not None
step.pending.wait()

"""Double buffering with a flip(): fill the back buffer while the front one is read."""

from __future__ import annotations

import numpy as np
from llmhost.kernels import copy, scale

import tilert as tr


class DoubleBuffer:
    def __init__(self, n: int) -> None:
        self.front = tr.zeros((n,), name="front")
        self.back = tr.zeros((n,), name="back")
        self.pending: tr.Pending | None = None

    def fill_back(self, src: tr.Tensor, alpha: float) -> None:
        self.pending = scale(self.back.partition((16,)), src, alpha).submit()

    def flip(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        self.front, self.back = self.back, self.front


src = tr.ones((64,))
out = tr.zeros((64,))
db = DoubleBuffer(64)
for step in range(4):
    db.fill_back(src, float(step + 1))
    copy(out.partition((16,)), db.front).sync()  # reads the front while the back fills
    db.flip()
assert np.allclose(db.front.to_numpy(), 4.0)
assert np.allclose(out.to_numpy(), 3.0)
print("double buffer ok")

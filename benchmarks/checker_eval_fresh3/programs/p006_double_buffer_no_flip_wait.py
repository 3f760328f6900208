"""Double buffering where flip() forgets to wait: the next step reads the front buffer
that is still being written."""

from __future__ import annotations

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
        self.front, self.back = self.back, self.front

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()


src = tr.ones((64,))
out = tr.zeros((64,))
db = DoubleBuffer(64)
db.fill_back(src, 1.0)
db.flip()
print(db.front.to_numpy()[:4])  # expect: TC102
db.finish()
copy(out.partition((16,)), db.front).sync()

"""A context manager that reserves a buffer for writing: __enter__ returns a partition,
__exit__ drops it. Inside the block the author peeks at the buffer before launching."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr


class Writing:
    def __init__(self, t: tr.Tensor) -> None:
        self.t = t

    def __enter__(self) -> tr.Partition:
        self.part = self.t.partition((16,))
        return self.part

    def __exit__(self, *exc: object) -> None:
        del self.part


logits = tr.zeros((64,), name="logits")
with Writing(logits) as out:
    before = logits.to_numpy().copy()  # expect: TC104
    K.scale(out, tr.arange(64), 1.0).sync()

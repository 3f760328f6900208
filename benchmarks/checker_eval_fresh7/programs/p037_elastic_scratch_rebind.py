"""Elastic batch with a scratch buffer: after a shrink the author rebinds the scratch to the
batch buffer to save memory, and the residual step then reads and writes one tensor."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr


class Batch:
    def __init__(self, n: int) -> None:
        self.h = tr.ones((n,), name="h")
        self.scratch = tr.zeros((n,), name="scratch")

    def shrink(self, n: int) -> None:
        self.h = tr.ones((n,), name="h_small")
        self.scratch = self.h  # "no need for a second buffer at this size"

    def residual(self) -> None:
        K.acc(self.h.partition((16,)), self.scratch).sync()  # expect: TC101


b = Batch(64)
b.residual()
b.shrink(32)
b.residual()  # expect-also

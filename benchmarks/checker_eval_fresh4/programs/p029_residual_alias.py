"""Residual add written in place: the output is also an input of the same launch."""

from __future__ import annotations

from llmrun.kernels import add

import tilert as tr


class Block:
    def __init__(self, d: int) -> None:
        self.resid = tr.ones((d,))
        self.delta = tr.full((d,), 0.5)

    def residual(self) -> None:
        add(self.resid.partition((16,)), self.resid, self.delta).sync()  # expect: TC101


blk = Block(64)
blk.residual()  # expect-also
print(blk.resid.to_numpy()[:2])

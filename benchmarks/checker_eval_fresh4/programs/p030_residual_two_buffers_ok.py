"""Residual add into a second buffer, then the buffers swap: correct."""

from __future__ import annotations

import numpy as np
from llmrun.kernels import add

import tilert as tr


class Block:
    def __init__(self, d: int) -> None:
        self.resid = tr.ones((d,))
        self.spare = tr.zeros((d,))
        self.delta = tr.full((d,), 0.5)

    def residual(self) -> None:
        add(self.spare.partition((16,)), self.resid, self.delta).sync()
        self.resid, self.spare = self.spare, self.resid


blk = Block(64)
for _ in range(3):
    blk.residual()
assert np.allclose(blk.resid.to_numpy(), 2.5)

"""Partitions of every layer's buffer made ahead of the loop, as a user might cache them."""

from __future__ import annotations

import numpy as np
from llmrun.kernels import fill

import tilert as tr


class Workspace:
    def __init__(self, layers: int, d: int) -> None:
        self.buffers = [tr.zeros((d,), name=f"ws{i}") for i in range(layers)]
        self.parts = [b.partition((16,)) for b in self.buffers]

    def reset(self) -> None:
        for b in self.buffers:
            b.copy_from(np.zeros(b.shape, dtype=np.float32))  # expect: TC104


ws = Workspace(3, 64)
ws.reset()  # expect-also
for i, p in enumerate(ws.parts):
    fill(p, float(i)).sync()

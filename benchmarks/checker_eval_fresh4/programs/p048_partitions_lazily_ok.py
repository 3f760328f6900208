"""Partitions made when the launch is made, so the buffers stay free between launches."""

from __future__ import annotations

import numpy as np
from llmrun.kernels import fill

import tilert as tr


class Workspace:
    def __init__(self, layers: int, d: int) -> None:
        self.buffers = [tr.zeros((d,), name=f"ws{i}") for i in range(layers)]

    def parts(self) -> list[tr.Partition]:
        return [b.partition((16,)) for b in self.buffers]

    def reset(self) -> None:
        for b in self.buffers:
            b.copy_from(np.zeros(b.shape, dtype=np.float32))


ws = Workspace(3, 64)
ws.reset()
for i, p in enumerate(ws.parts()):
    fill(p, float(i)).sync()
ws.reset()
assert not any(b.to_numpy().any() for b in ws.buffers)

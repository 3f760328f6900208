"""A scratch-space context manager that lends out tiles of a workspace."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k

import tilert as tr


class Scratch:
    def __init__(self, workspace: tr.Tensor[tr.f32], tile: int) -> None:
        self.workspace = workspace
        self.tile = tile

    def __enter__(self) -> tr.Partition[tr.f32]:
        self.part = self.workspace.partition((self.tile,))
        return self.part

    def __exit__(self, *exc: object) -> None:
        del self.part


ws = tr.zeros((16,), name="workspace")
with Scratch(ws, 4) as part:
    k.fill(part, 3.0).sync()
with Scratch(ws, 8) as part:
    before = ws.to_numpy().sum()  # expect: TC104
    k.scale_(part, 2.0).sync()
print(before, np.asarray(ws).sum())

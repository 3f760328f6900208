"""A layer object that stages its output partition in one method and launches in another."""

import numpy as np
from llmreef import silu

import tilert as tr


class GatedLayer:
    def __init__(self, dim: int) -> None:
        self.out = tr.zeros((dim,), name="layer_out")
        self.staged: tr.Partition | None = None

    def prepare(self) -> None:
        self.staged = self.out.partition((128,))

    def run(self, x: tr.Tensor) -> None:
        assert self.staged is not None
        silu(self.staged, x).sync()
        self.staged = None

    def checksum(self) -> float:
        return float(np.sum(self.out.to_numpy()))  # expect: TC104


layer = GatedLayer(512)
x = tr.full((512,), 1.0)
layer.prepare()
print("before:", layer.checksum())  # expect-also: TC104
layer.run(x)
print("after:", layer.checksum())

"""A layer subclassing the package's Block: `forward` returns the Pending, and the caller
prints the layer's output before waiting it."""

from llmweave.base import Block
from llmweave.kernels import scale

import tilert as tr


class Scaled(Block):
    def __init__(self, n: int, k: float) -> None:
        super().__init__(n)
        self.k = k

    def launch(self, x: tr.Tensor) -> tr.Op:
        return scale(self.part(), x, self.k)


layer = Scaled(64, 0.5)
pending = layer.forward(tr.ones((64,)))
print("out", layer.out.to_numpy()[:2])  # expect: TC102
pending.wait()

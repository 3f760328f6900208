"""A decode layer that keeps its output partition as an attribute and launches it every step."""

from llmweave.kernels import axpy

import tilert as tr


class Layer:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,))
        self.out_tiles = self.out.partition((16,))
        self.x = tr.ones((n,))

    def step(self) -> None:
        axpy(self.out_tiles, self.x, 1.0).sync()  # expect: TC109


layer = Layer(64)
for _ in range(3):
    layer.step()  # expect-also

"""A residual block that adds its input into its own hidden state, written as one launch."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32


class ResidualBlock:
    def __init__(self, n: int) -> None:
        self.h = tr.ones((n,), dtype=f32, name="hidden")

    def step(self, x: tr.Tensor[f32]) -> None:
        k.add(tiles(self.h), self.h, x).sync()  # expect: TC101

    def value(self) -> np.ndarray:
        return self.h.to_numpy()


block = ResidualBlock(16)
block.step(tr.ones((16,), dtype=f32))  # expect-also
print(block.value()[:4])

"""A residual block that owns its buffers and adds its bias in place."""

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class BiasBlock:
    def __init__(self, width: int) -> None:
        self.out = tr.zeros((width,), name="block.out")
        self.bias = tr.from_numpy(np.linspace(0, 1, width, dtype=np.float32))

    def load(self, x: tr.Tensor[tr.f32]) -> None:
        k.copy(tiles(self.out), x).sync()

    def add_bias(self) -> None:
        k.add(tiles(self.out), self.out, self.bias).sync()  # expect: TC101


block = BiasBlock(16)
block.load(tr.ones((16,)))
block.add_bias()  # expect-also
print(block.out.to_numpy())

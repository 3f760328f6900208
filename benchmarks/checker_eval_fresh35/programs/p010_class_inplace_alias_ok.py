import numpy as np
from tilekit import accumulate, scale

import tilert as tr


class ResidualBlock:
    """h <- h + 0.5 * h, accumulating into h in place."""

    def __init__(self, dim, tile=128):
        self.dim = dim
        self.tile = tile
        self.h = tr.zeros((dim,), name="h")
        self.delta = tr.empty((dim,), name="delta")

    def load(self, values):
        self.h.copy_from(values)

    def step(self):
        scale(self.delta.partition((self.tile,)), self.h, 0.5).sync()
        accumulate(self.h.partition((self.tile,)), self.delta).sync()

    def read(self):
        return self.h.to_numpy()


block = ResidualBlock(512)
block.load(np.ones(512, dtype=np.float32))
for _ in range(3):
    block.step()
assert np.allclose(block.read(), 1.5**3)
print(block.read()[:3])

"""A feed-forward block that owns its activations and launches in its methods."""

import numpy as np
from llmdelta import add, mul, relu

import tilert as tr


class MLPBlock:
    def __init__(self, hidden: int, tile: int = 64) -> None:
        self.tile = tile
        self.gate = tr.zeros((hidden,), name="gate")
        self.act = tr.zeros((hidden,), name="act")
        self.out = tr.zeros((hidden,), name="out")

    def forward(self, x, w):
        mul(self.gate.partition((self.tile,)), x, w).sync()
        relu(self.act.partition((self.tile,)), self.gate).sync()
        return add(self.out.partition((self.tile,)), self.act, x).submit()


block = MLPBlock(256)
x = tr.from_numpy(np.linspace(-1, 1, 256, dtype=np.float32))
w = tr.full((256,), 2.0)
pending = block.forward(x, w)
print("first outputs", block.out.to_numpy()[:4])  # expect: TC102
pending.wait()

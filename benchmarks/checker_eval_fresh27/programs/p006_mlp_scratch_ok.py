"""A tiny MLP block: the activation reads a scratch buffer and writes the output."""

import numpy as np
from llmcove import add, relu

import tilert as tr


class MLPBlock:
    def __init__(self, width: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.bias = tr.from_numpy(rng.standard_normal(width).astype(np.float32))
        self.pre = tr.zeros((width,))
        self.hidden = tr.zeros((width,))
        self.tile = 128

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        add(self.pre.partition((self.tile,)), x, self.bias).sync()
        relu(self.hidden.partition((self.tile,)), self.pre).sync()
        return self.hidden


block = MLPBlock(1024)
inp = tr.arange(1024)
out = block(inp)
print(out.to_numpy()[:8])

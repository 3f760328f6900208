"""A tiny MLP block whose activation is applied in place on its own hidden buffer."""

import numpy as np
from llmcove import add, relu

import tilert as tr


class MLPBlock:
    def __init__(self, width: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.bias = tr.from_numpy(rng.standard_normal(width).astype(np.float32))
        self.hidden = tr.zeros((width,))
        self.tile = 128

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        add(self.hidden.partition((self.tile,)), x, self.bias).sync()
        relu(self.hidden.partition((self.tile,)), self.hidden).sync()  # expect: TC101
        return self.hidden


block = MLPBlock(1024)
inp = tr.arange(1024)
out = block(inp)  # expect-also: TC101
print(out.to_numpy()[:8])

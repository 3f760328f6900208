"""A decoder layer that keeps its hidden state and adds the residual in place."""

import numpy as np
from llmquay import add, scale

import tilert as tr

D = 1024
TILE = 256


class DecoderLayer:
    def __init__(self, d: int, gain: float) -> None:
        self.hidden = tr.zeros((d,), name="hidden")
        self.residual = tr.zeros((d,), name="residual")
        self.gain = gain

    def attention(self, x: tr.Tensor) -> None:
        scale(self.hidden.partition((TILE,)), x, self.gain).sync()

    def add_residual(self) -> None:
        add(self.hidden.partition((TILE,)), self.hidden, self.residual).sync()  # expect: TC101

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        self.residual.copy_from(x)
        self.attention(x)
        self.add_residual()  # expect-also: TC101
        return self.hidden


layer = DecoderLayer(D, 0.5)
x = tr.from_numpy(np.ones(D, dtype=np.float32))
print(layer(x).to_numpy()[:4])

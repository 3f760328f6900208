"""A decoder layer that keeps its hidden state and adds the residual into an output buffer."""

import numpy as np
from llmquay import add, scale

import tilert as tr

D = 1024
TILE = 256


class DecoderLayer:
    def __init__(self, d: int, gain: float) -> None:
        self.hidden = tr.zeros((d,), name="hidden")
        self.residual = tr.zeros((d,), name="residual")
        self.out = tr.zeros((d,), name="out")
        self.gain = gain

    def attention(self, x: tr.Tensor) -> None:
        scale(self.hidden.partition((TILE,)), x, self.gain).sync()

    def add_residual(self) -> None:
        add(self.out.partition((TILE,)), self.hidden, self.residual).sync()

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        self.residual.copy_from(x)
        self.attention(x)
        self.add_residual()
        return self.out


layer = DecoderLayer(D, 0.5)
x = tr.from_numpy(np.ones(D, dtype=np.float32))
y = layer(x).to_numpy()
assert (y == 1.5).all()
print(y[:4])

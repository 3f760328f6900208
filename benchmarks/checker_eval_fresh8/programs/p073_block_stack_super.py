"""A stack of layers subclassing the package's Block, one overriding `launch` with super():
each forward's Pending waited before the next layer reads its input on the host side."""

import numpy as np
from llmweave.base import Block
from llmweave.kernels import add, relu

import tilert as tr


class Relu(Block):
    def launch(self, x: tr.Tensor) -> tr.Op:
        return relu(self.part(), x)


class Residual(Relu):
    def __init__(self, n: int, skip: tr.Tensor) -> None:
        super().__init__(n)
        self.skip = skip

    def launch(self, x: tr.Tensor) -> tr.Op:
        return super().launch(x).then(lambda part, *_: add(part, self.skip, self.skip))


x = tr.from_numpy(np.linspace(-1, 1, 64).astype(np.float32))
stack = [Relu(64), Residual(64, tr.ones((64,))), Block(64)]
h = x
for layer in stack:
    layer.forward(h).wait()
    h = layer.out
assert np.allclose(h.to_numpy(), 2.0)
print("stack ok")

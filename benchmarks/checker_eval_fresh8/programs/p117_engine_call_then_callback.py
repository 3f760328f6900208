"""An Engine used as a `.then` callback: its `__call__` takes the chain's outputs and returns
the next op, so the whole step is one chain synced once."""

import numpy as np
from llmweave.kernels import add, scale

import tilert as tr


class Head:
    def __init__(self, bias: tr.Tensor, out: tr.Tensor) -> None:
        self.bias = bias
        self.out = out

    def __call__(self, part: tr.Partition, *_: object) -> tr.Op:
        return add(self.out.partition((16,)), self.bias, self.bias)


x, h, out = tr.ones((64,)), tr.zeros((64,)), tr.zeros((64,))
head = Head(tr.full((64,), 2.0), out)
scale(h.partition((16,)), x, 3.0).then(head).sync()
assert np.allclose(h.to_numpy(), 3.0) and np.allclose(out.to_numpy(), 4.0)
print("chain ok")

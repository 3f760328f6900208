"""Capturing a forward pass in a graph by calling the eager forward inside the capture: the
eager code syncs each op."""

import numpy as np
from llmcraft import add, silu

import tilert as tr

D = 256


class TinyBlock:
    def __init__(self) -> None:
        self.bias = tr.from_numpy(np.full(D, 0.1, dtype=np.float32), name="bias")
        self.act = tr.empty((D,), name="act")
        self.out = tr.empty((D,), name="out")

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        silu(self.act.partition((64,)), x).sync()  # expect: TC111
        add(self.out.partition((64,)), self.act, self.bias).sync()
        return self.out


block = TinyBlock()
x = tr.ones((D,), name="x")
block.forward(x)
with tr.graph() as g:
    block.forward(x)  # expect-also: TC111
g.launch().wait()
g.close()
print(block.out.to_numpy()[:2])

"""Capturing a forward pass in a graph: the block's forward takes a `run` callable, eager
callers pass one that syncs, the capture passes `g.record`."""

from collections.abc import Callable

import numpy as np
from llmcraft import add, silu

import tilert as tr

D = 256


class TinyBlock:
    def __init__(self) -> None:
        self.bias = tr.from_numpy(np.full(D, 0.1, dtype=np.float32), name="bias")
        self.act = tr.empty((D,), name="act")
        self.out = tr.empty((D,), name="out")

    def forward(self, x: tr.Tensor, run: Callable[[tr.Op], object]) -> tr.Tensor:
        run(silu(self.act.partition((64,)), x))
        run(add(self.out.partition((64,)), self.act, self.bias))
        return self.out


block = TinyBlock()
x = tr.ones((D,), name="x")
block.forward(x, lambda op: op.sync())
eager = block.out.to_numpy().copy()
with tr.graph() as g:
    block.forward(x, g.record)
for _ in range(3):
    g.launch().wait()
g.close()
assert np.allclose(block.out.to_numpy(), eager)
print(eager[:2])

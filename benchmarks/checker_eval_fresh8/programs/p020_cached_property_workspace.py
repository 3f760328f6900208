"""A decode step whose workspace is a cached_property, touched once before the graph capture
so the capture itself allocates nothing."""

from functools import cached_property

import numpy as np
from llmweave.kernels import add, scale

import tilert as tr


class Step:
    def __init__(self, n: int) -> None:
        self.n = n
        self.x = tr.ones((n,))
        self.out = tr.zeros((n,))

    @cached_property
    def workspace(self) -> tr.Tensor:
        return tr.zeros((self.n,), name="ws")

    def capture(self) -> tr.Graph:
        _ = self.workspace
        with tr.graph() as g:
            g.record(scale(self.workspace.partition((16,)), self.x, 2.0))
            g.record(add(self.out.partition((16,)), self.workspace, self.x))
        return g


step = Step(64)
g = step.capture()
for _ in range(3):
    g.launch().wait()
g.close()
assert np.allclose(step.out.to_numpy(), 3.0)
print("graph ok")

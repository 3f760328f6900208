"""A decode runner that captures its step once; the loop logs x between replays without
closing the graph, which still holds x."""

from __future__ import annotations

import numpy as np
from llmhost.kernels import add, copy, matvec

import tilert as tr

D = 64


class Runner:
    def __init__(self, w: np.ndarray) -> None:
        self.w = tr.from_numpy(w)
        self.x = tr.zeros((D,), name="x")
        self.h = tr.zeros((D,), name="h")
        self.y = tr.zeros((D,), name="y")
        self.graph: tr.Graph | None = None

    def capture(self) -> None:
        with tr.graph() as g:
            g.record(matvec(self.h.partition((16,)), self.w, self.x, 16))
            g.record(add(self.y.partition((16,)), self.h, self.x))
            g.record(copy(self.x.partition((16,)), self.y))
        self.graph = g

    def step(self) -> None:
        assert self.graph is not None
        self.graph.launch().wait()


r = Runner(np.eye(D, dtype=np.float32))
r.capture()
for t in range(3):
    r.step()
    print(t, r.x.to_numpy()[0])  # expect: TC102
assert r.graph is not None
r.graph.close()

"""A runner warms its op up eagerly (sync) and then records the very same op object into its
graph."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr


class Runner:
    def __init__(self, n: int) -> None:
        self.x = tr.ones((n,))
        self.y = tr.zeros((n,))
        self.graph: tr.Graph | None = None

    def capture(self) -> None:
        op = k.axpy(self.y.partition((16,)), self.x, 1.0)
        op.sync()
        with tr.graph() as g:
            g.record(op)  # expect: TC110
        self.graph = g


r = Runner(64)
r.capture()  # expect-also

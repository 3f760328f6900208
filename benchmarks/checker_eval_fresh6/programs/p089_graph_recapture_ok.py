"""An engine recaptures its graph when the batch size changes: the old graph is closed before
the new one is captured on the same tensors."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr


class GraphEngine:
    def __init__(self) -> None:
        self.x = tr.ones((64,))
        self.y = tr.zeros((64,))
        self.graph: tr.Graph | None = None
        self.batch = 0

    def ensure(self, batch: int) -> tr.Graph:
        if self.graph is None or batch != self.batch:
            if self.graph is not None:
                self.graph.close()
            with tr.graph() as g:
                g.record(k.axpy(self.y[: batch * 16].partition((16,)), self.x[: batch * 16], 1.0))
            self.graph, self.batch = g, batch
        return self.graph

    def shutdown(self) -> None:
        if self.graph is not None:
            self.graph.close()
            self.graph = None


eng = GraphEngine()
for batch in (1, 1, 2, 4, 4):
    eng.ensure(batch).launch().wait()
eng.shutdown()
expect = np.array([5.0] * 16 + [3.0] * 16 + [2.0] * 32, np.float32)
assert np.array_equal(eng.y.to_numpy(), expect), eng.y.to_numpy()
print(eng.y.to_numpy()[::16])

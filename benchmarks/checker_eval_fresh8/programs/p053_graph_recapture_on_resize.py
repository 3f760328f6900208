"""A runner that recaptures its graph when the batch grows, closing the old graph first."""

import numpy as np
from llmweave.kernels import scale

import tilert as tr


class Runner:
    def __init__(self) -> None:
        self.batch = 0
        self.graph: tr.Graph | None = None
        self.x = tr.ones((4, 64))
        self.out = tr.zeros((4, 64))

    def ensure(self, batch: int) -> tr.Graph:
        if self.graph is not None and batch == self.batch:
            return self.graph
        if self.graph is not None:
            self.graph.close()
        with tr.graph() as g:
            g.record(scale(self.out[:batch].partition((1, 64)), self.x[:batch], float(batch)))
        self.graph, self.batch = g, batch
        return g

    def close(self) -> None:
        if self.graph is not None:
            self.graph.close()
            self.graph = None


r = Runner()
for b in (1, 1, 2, 4, 4):
    r.ensure(b).launch().wait()
r.close()
assert np.allclose(r.out.to_numpy(), 4.0)
print("recaptured", r.batch)

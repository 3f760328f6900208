"""A graph runner used as a context manager: captured in __enter__, replayed by step(), closed in
__exit__; outputs are read only after the with block."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr


class GraphRunner:
    def __init__(self, dim: int) -> None:
        self.h = tr.ones((dim,), name="h")
        self.acc = tr.zeros((dim,), name="acc")

    def __enter__(self) -> GraphRunner:
        with tr.graph() as g:
            g.record(K.acc(self.acc.partition((16,)), self.h))
        self.graph = g
        return self

    def step(self) -> None:
        self.graph.launch().wait()

    def __exit__(self, *exc: object) -> None:
        self.graph.close()


with GraphRunner(64) as runner:
    for _ in range(5):
        runner.step()
assert np.all(runner.acc.to_numpy() == 5.0)
print("replayed 5")

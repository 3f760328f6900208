"""An engine that recaptures its graph when the batch size changes, closing the old one."""

from __future__ import annotations

import numpy as np
from llmrun.kernels import add

import tilert as tr


class Engine:
    def __init__(self) -> None:
        self.graph: tr.Graph | None = None
        self.out: tr.Tensor | None = None
        self.bias = tr.full((128,), 1.0)

    def capture(self, n: int) -> None:
        if self.graph is not None:
            self.graph.close()
        self.out = tr.zeros((n,))
        x = self.bias[:n]
        with tr.graph() as g:
            g.record(add(self.out.partition((16,)), x, x))
        self.graph = g

    def run(self) -> np.ndarray:
        assert self.graph is not None and self.out is not None
        self.graph.launch().wait()
        self.graph.close()
        self.graph = None
        return self.out.to_numpy()


eng = Engine()
eng.capture(32)
eng.capture(64)
assert eng.run().sum() == 128.0

from __future__ import annotations

import numpy as np
from llmhost.kernels import bump

import tilert as tr


class Engine:
    def __init__(self) -> None:
        self.steps = tr.zeros((64,))
        self.graph: tr.Graph | None = None

    def compile(self) -> None:
        if self.graph is not None:
            self.graph.close()
        with tr.graph() as g:
            g.record(bump(self.steps.partition((16,)), 1.0))
        self.graph = g

    def run(self, n: int) -> None:
        assert self.graph is not None
        for _ in range(n):
            self.graph.launch().wait()

    def close(self) -> np.ndarray:
        if self.graph is not None:
            self.graph.close()
            self.graph = None
        return self.steps.to_numpy()


eng = Engine()
eng.compile()
eng.run(2)
eng.compile()  # recapture: a fresh op, the old graph closed first
eng.run(3)
assert np.allclose(eng.close(), 5.0)
print("engine ok")

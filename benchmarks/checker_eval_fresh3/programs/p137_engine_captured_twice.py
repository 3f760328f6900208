from __future__ import annotations

import numpy as np
from llmhost.kernels import bump

import tilert as tr


class Engine:
    def __init__(self) -> None:
        self.steps = tr.zeros((64,))
        self.op = bump(self.steps.partition((16,)), 1.0)
        self.graph: tr.Graph | None = None

    def compile(self) -> None:
        with tr.graph() as g:
            g.record(self.op)  # expect: TC110
        self.graph = g

    def close(self) -> np.ndarray:
        if self.graph is not None:
            self.graph.close()
        return self.steps.to_numpy()


eng = Engine()
eng.compile()
if eng.graph is not None:
    eng.graph.close()
eng.compile()  # expect-also
print(eng.close()[0])

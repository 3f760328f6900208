from __future__ import annotations

import numpy as np
from llmhost.kernels import add, bump

import tilert as tr


class Decoder:
    """Captures one step; `state` is readable only once the graph is closed."""

    def __init__(self) -> None:
        self.pos = tr.zeros((64,), name="pos")
        self.out = tr.zeros((64,), name="out")
        self.bias = tr.full((64,), 0.5)
        with tr.graph() as g:
            g.record(bump(self.pos.partition((16,)), 1.0))
            g.record(add(self.out.partition((16,)), self.pos, self.bias))
        self._graph: tr.Graph | None = g

    def step(self) -> None:
        assert self._graph is not None
        self._graph.launch().wait()

    @property
    def state(self) -> np.ndarray:
        if self._graph is not None:
            self._graph.close()
            self._graph = None
        return self.out.to_numpy()


dec = Decoder()
for _ in range(4):
    dec.step()
assert np.allclose(dec.state, 4.5)
print("decoder ok")

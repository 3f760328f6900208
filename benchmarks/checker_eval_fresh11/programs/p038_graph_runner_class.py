"""A decode-step runner that captures its graph in __init__, replays it per call and closes it."""

from __future__ import annotations

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


class StepGraph:
    def __init__(self, n: int) -> None:
        self.x = tr.ones((n,), name="x")
        self.h = tr.zeros((n,), name="h")
        self.delta = tr.full((n,), 0.25)
        with tr.graph() as g:
            g.record(K.add(tiles(self.h), self.x, self.delta))
            g.record(K.copy(tiles(self.x), self.h))
        self.graph = g

    def __call__(self) -> None:
        self.graph.launch().wait()

    def close(self) -> np.ndarray:
        self.graph.close()
        return self.x.to_numpy()


runner = StepGraph(256)
for _ in range(8):
    runner()
final = runner.close()
np.testing.assert_allclose(final, np.full(256, 3.0, np.float32))

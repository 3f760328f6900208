"""A decode runner that captures its step once in __init__ and replays it; close() frees it."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Runner:
    def __init__(self, width: int) -> None:
        self.state = tr.zeros((width,))
        self.step_in = tr.ones((width,))
        self.scratch = tr.zeros((width,))
        with tr.graph() as self.graph:
            self.graph.record(k.scale(tiles(self.scratch), self.step_in, 2.0))
            self.graph.record(k.acc(tiles(self.state), self.scratch))

    def run(self, steps: int) -> None:
        for _ in range(steps):
            self.graph.launch().wait()

    def close(self) -> np.ndarray:
        self.graph.close()
        return self.state.to_numpy()


runner = Runner(8)
runner.run(4)
np.testing.assert_allclose(runner.close(), np.full(8, 8.0))
print("ok")

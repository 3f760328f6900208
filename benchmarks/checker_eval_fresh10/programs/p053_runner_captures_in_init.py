"""A decode-step runner capturing its graph in __init__ and replaying it on every call."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32


class StepRunner:
    def __init__(self, n: int) -> None:
        self.state = tr.ones((n,), dtype=f32, name="state")
        self.tmp = tr.zeros((n,), dtype=f32, name="tmp")
        with tr.graph() as self.graph:
            self.graph.record(k.scale(tiles(self.tmp), self.state, 2.0))
            self.graph.record(k.copy(tiles(self.state), self.tmp))

    def __call__(self) -> None:
        self.graph.launch().wait()

    def close(self) -> np.ndarray:
        self.graph.close()
        return self.state.to_numpy()


runner = StepRunner(8)
for _ in range(3):
    runner()
np.testing.assert_allclose(runner.close(), np.full(8, 8.0))

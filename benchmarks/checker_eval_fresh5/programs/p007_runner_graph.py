"""A decode runner that captures its step once and replays it; the state is read after close."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import axpy, copy

import tilert as tr

N = 64


class Runner:
    def __init__(self, delta: tr.Tensor) -> None:
        self.state = tr.zeros((N,), name="state")
        self.scratch = tr.zeros((N,), name="scratch")
        with tr.graph() as g:
            g.record(copy(self.scratch.partition((16,)), self.state))
            g.record(axpy(self.state.partition((16,)), delta, 1.0))
        self.graph = g

    def step(self) -> None:
        self.graph.launch().wait()

    def close(self) -> np.ndarray:
        self.graph.close()
        return self.state.to_numpy()


runner = Runner(tr.ones((N,)))
for _ in range(5):
    runner.step()
final = runner.close()
assert np.allclose(final, 5.0)

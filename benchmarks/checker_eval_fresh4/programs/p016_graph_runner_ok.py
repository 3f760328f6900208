"""A decode runner that owns a captured graph, replays it, and reads only after close."""

from __future__ import annotations

import contextlib

import numpy as np
from llmrun.host import project, weights
from llmrun.kernels import copy

import tilert as tr

D = 32


class Runner:
    def __init__(self, w: tr.Tensor) -> None:
        self.w = w
        self.state = tr.full((D,), 0.1)
        self.tmp = tr.zeros((D,))
        with tr.graph() as g:
            g.record(project(self.tmp, self.w, self.state))
            g.record(copy(self.state.partition((16,)), self.tmp))
        self._graph = g

    def step(self) -> None:
        self._graph.launch().wait()

    def close(self) -> None:
        self._graph.close()


w, wn = weights(D, D, seed=3)
expect = np.full(D, 0.1, dtype=np.float32)
runner = Runner(w)
with contextlib.closing(runner):
    for _ in range(3):
        runner.step()
        expect = wn @ expect
assert np.allclose(runner.state.to_numpy(), expect, rtol=1e-4, atol=1e-5)

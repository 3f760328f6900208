"""A decode runner that captures one step in a graph and replays it."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmrun.host import project, weights
from llmrun.kernels import copy

import tilert as tr

D = 32


@dataclass
class Runner:
    w: tr.Tensor
    state: tr.Tensor = field(default_factory=lambda: tr.full((D,), 0.1))
    tmp: tr.Tensor = field(default_factory=lambda: tr.zeros((D,)))
    graph: tr.Graph | None = None

    def capture(self) -> None:
        with tr.graph() as g:
            g.record(project(self.tmp, self.w, self.state))
            g.record(copy(self.state.partition((16,)), self.tmp))
        self.graph = g

    def step(self) -> tr.Pending:
        assert self.graph is not None
        return self.graph.launch()

    def close(self) -> np.ndarray:
        assert self.graph is not None
        self.graph.close()
        return self.state.to_numpy()


w, _ = weights(D, D, seed=3)
runner = Runner(w)
runner.capture()
snapshots = []
for _ in range(3):
    runner.step().wait()
    snapshots.append(runner.state.to_numpy())  # expect: TC102
print(runner.close()[:3], snapshots)

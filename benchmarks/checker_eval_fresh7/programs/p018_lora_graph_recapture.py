"""Decode graph with a LoRA delta: the graph reads the adapter buffer, so switching adapters
closes the graph, loads the new weights and captures again."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr

DIM = 64


class LoraRunner:
    def __init__(self) -> None:
        self.x = tr.ones((DIM,), name="x")
        self.delta = tr.zeros((DIM,), name="delta")
        self.out = tr.zeros((DIM,), name="out")
        self.graph: tr.Graph | None = None

    def capture(self) -> None:
        with tr.graph() as g:
            g.record(K.add(self.out.partition((16,)), self.x, self.delta))
        self.graph = g

    def set_adapter(self, values: np.ndarray) -> None:
        if self.graph is not None:
            self.graph.close()
            self.graph = None
        self.delta.copy_from(values)
        self.capture()

    def step(self) -> None:
        assert self.graph is not None
        self.graph.launch().wait()

    def close(self) -> None:
        if self.graph is not None:
            self.graph.close()
            self.graph = None


runner = LoraRunner()
seen = []
for adapter in [0.5, 1.5]:
    runner.set_adapter(np.full(DIM, adapter, np.float32))
    for _ in range(3):
        runner.step()
    runner.close()
    seen.append(float(runner.out.to_numpy()[0]))
assert seen == [1.5, 2.5]
print(seen)

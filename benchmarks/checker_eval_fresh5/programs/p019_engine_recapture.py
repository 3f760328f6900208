"""An engine that recaptures its graph when the temperature changes (closing the old one)."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64


class Engine:
    def __init__(self, x: tr.Tensor) -> None:
        self.x = x
        self.y = tr.zeros((N,))
        self.graph: tr.Graph | None = None
        self.temperature = 0.0

    def _capture(self, temperature: float) -> tr.Graph:
        if self.graph is not None:
            self.graph.close()
        with tr.graph() as g:
            g.record(scale(self.y.partition((16,)), self.x, 1.0 / temperature))
        self.temperature = temperature
        return g

    def step(self, temperature: float) -> None:
        if self.graph is None or temperature != self.temperature:
            self.graph = self._capture(temperature)
        self.graph.launch().wait()

    def result(self) -> np.ndarray:
        if self.graph is not None:
            self.graph.close()
            self.graph = None
        return self.y.to_numpy()


eng = Engine(tr.arange(N))
for t in (1.0, 1.0, 0.5, 0.5, 0.25):
    eng.step(t)
assert np.allclose(eng.result(), 4 * np.arange(N))

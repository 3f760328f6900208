"""A LoRA-style adapter runner that recaptures its graph when the adapter changes."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class AdapterRunner:
    def __init__(self, base: tr.Tensor[tr.f32]) -> None:
        self.base = base
        self.out = tr.zeros(base.shape)
        self.graph: tr.Graph | None = None

    def load(self, adapter: tr.Tensor[tr.f32]) -> None:
        if self.graph is not None:
            self.graph.close()
        with tr.graph() as g:
            g.record(k.add(tiles(self.out), self.base, adapter))
        self.graph = g

    def __call__(self) -> None:
        assert self.graph is not None
        self.graph.launch().wait()

    def result(self) -> np.ndarray:
        if self.graph is not None:
            self.graph.close()
            self.graph = None
        return self.out.to_numpy()


base = tr.ones((8,))
adapters = {"math": tr.full((8,), 0.5), "code": tr.full((8,), 2.0)}
runner = AdapterRunner(base)
for name in ("math", "code"):
    runner.load(adapters[name])
    runner()
np.testing.assert_allclose(runner.result(), np.full(8, 3.0))
print("ok")

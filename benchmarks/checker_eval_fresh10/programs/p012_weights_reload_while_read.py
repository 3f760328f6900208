"""A layer hot-reloads its weights from a checkpoint while a forward that reads them is queued."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class Linear1D:
    def __init__(self, n: int) -> None:
        self.weight = tr.ones((n,), dtype=f32, name="weight")
        self.out = tr.zeros((n,), dtype=f32)
        self.inflight: list[tr.Pending] = []

    def forward(self, x: Tensor[f32]) -> None:
        self.inflight.append(k.mul(tiles(self.out), x, self.weight).submit())

    def reload(self, state: np.ndarray) -> None:
        self.weight.copy_from(state)  # expect: TC103

    def flush(self) -> None:
        for p in self.inflight:
            p.wait()


lin = Linear1D(8)
lin.forward(tr.arange(8, dtype=f32))
lin.reload(np.full(8, 0.5, dtype=np.float32))  # expect-also
lin.flush()

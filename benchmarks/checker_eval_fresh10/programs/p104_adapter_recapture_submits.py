"""An adapter runner recapturing its graph after a swap; a helper submits inside the capture."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


def apply_adapter(out: Tensor[f32], x: Tensor[f32], delta: Tensor[f32]) -> tr.Pending:
    return k.add(tiles(out), x, delta).submit()  # expect: TC111


class AdapterRunner:
    def __init__(self) -> None:
        self.x = tr.arange(8, dtype=f32)
        self.delta = tr.zeros((8,), dtype=f32)
        self.out = tr.zeros((8,), dtype=f32)
        self.g: tr.Graph | None = None

    def swap(self, delta: np.ndarray) -> None:
        if self.g is not None:
            self.g.close()
        self.delta.copy_from(delta)
        with tr.graph() as g:
            apply_adapter(self.out, self.x, self.delta)
        self.g = g


runner = AdapterRunner()
runner.swap(np.ones(8, dtype=np.float32))  # expect-also

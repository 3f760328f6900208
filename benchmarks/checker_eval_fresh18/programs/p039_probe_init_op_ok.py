"""A probe object that builds its measuring op lazily in ``fire()``, so nothing is built when
tracing is off, and the traced run checks its output."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Probe:
    def __init__(self, x: tr.Tensor[tr.f32]) -> None:
        self.x = x
        self.out = tr.empty(x.shape)

    def fire(self) -> np.ndarray:
        K.relu(tiles(self.out), self.x).sync()
        return self.out.to_numpy()


def forward(x: tr.Tensor[tr.f32], trace: bool) -> np.ndarray | None:
    probe = Probe(x)
    if trace:
        return probe.fire()
    return None


assert forward(vec(np.arange(-8, 8)), False) is None
got = forward(vec(np.arange(-8, 8)), True)
assert got is not None and got.sum() == 28

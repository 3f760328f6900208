"""Pick the best beam with max(key=attrgetter) over a score property, after the waits."""

from operator import attrgetter

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec, wait_all

import tilert as tr


class Beam:
    def __init__(self, bias: float) -> None:
        self.logp = tr.zeros((16,))
        self.bias = bias

    @property
    def score(self) -> float:
        return float(self.logp.to_numpy().sum())

    def extend(self, step: tr.Tensor):
        return K.scale(tiles(self.logp), step, self.bias).submit()


step = vec(np.ones(16))
beams = [Beam(b) for b in (0.1, 0.7, 0.3)]
wait_all([b.extend(step) for b in beams])
best = max(beams, key=attrgetter("score"))
assert best.bias == 0.7

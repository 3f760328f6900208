"""A pipeline of stage objects launched in stream order, every stage waited in reverse before
the intermediate activations are inspected."""

from dataclasses import dataclass

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


@dataclass
class Stage:
    name: str
    factor: float
    out: tr.Tensor[tr.f32] | None = None

    def __call__(self, x: tr.Tensor[tr.f32]) -> tr.Pending:
        self.out = tr.empty(x.shape)
        return K.scale(tiles(self.out), x, self.factor).submit()


stages = [Stage("embed", 1.0), Stage("mix", 0.5), Stage("head", 4.0)]
h = vec(np.arange(64))
pendings = []
for stage in stages:
    pendings.append(stage(h))
    h = stage.out
for p in reversed(pendings):
    p.wait()
assert stages[1].out is not None and stages[1].out.to_numpy().max() == 31.5
assert h.to_numpy().max() == 126.0

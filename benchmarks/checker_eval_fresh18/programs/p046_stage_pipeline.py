"""A pipeline of stage objects, each launched on the previous stage's unwaited output (stream
order); only the last stage is waited before an intermediate activation is inspected."""

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
pendings[-1].wait()
mid = stages[1].out
print(mid.to_numpy().max())  # expect: TC102
for p in pendings[:-1]:
    p.wait()

"""An SGD optimizer as a dataclass, stepping a parameter over a few iterations."""

from dataclasses import dataclass, field

import numpy as np
from servekit import TILE, sgd_step

import tilert as tr


@dataclass
class SGD:
    param: tr.Tensor
    lr: float = 0.1
    steps: int = 0
    _part: tr.Partition = field(init=False)

    def __post_init__(self) -> None:
        self._part = self.param.partition((TILE,))

    def step(self, grad: tr.Tensor) -> None:
        sgd_step(self._part, grad, self.lr).sync()  # expect: TC109
        self.steps += 1


w = tr.ones((1024,))
opt = SGD(w, lr=0.05)
g = tr.full((1024,), 2.0)
for _ in range(3):
    opt.step(g)  # expect-also: TC109
print(opt.steps, float(np.asarray(w.to_numpy())[0]))

"""An SGD optimizer as a dataclass, stepping a parameter over a few iterations."""

from dataclasses import dataclass

import numpy as np
from servekit import TILE, sgd_step

import tilert as tr


@dataclass
class SGD:
    param: tr.Tensor
    lr: float = 0.1
    steps: int = 0

    def step(self, grad: tr.Tensor) -> None:
        sgd_step(self.param.partition((TILE,)), grad, self.lr).sync()
        self.steps += 1


w = tr.ones((1024,))
opt = SGD(w, lr=0.05)
g = tr.full((1024,), 2.0)
for _ in range(3):
    opt.step(g)
print(opt.steps, float(np.asarray(w.to_numpy())[0]))

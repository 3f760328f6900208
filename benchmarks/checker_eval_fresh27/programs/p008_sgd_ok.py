"""Plain SGD on a flat parameter vector, written as a small optimizer class."""

from dataclasses import dataclass, field

import numpy as np
from llmcove import axpy

import tilert as tr


@dataclass
class SGD:
    params: tr.Tensor
    lr: float = 0.01
    tile: int = 256
    steps: int = field(default=0)

    def step(self, grad: tr.Tensor) -> None:
        axpy(self.params.partition((self.tile,)), grad, -self.lr).sync()
        self.steps += 1


n = 2048
rng = np.random.default_rng(1)
params = tr.from_numpy(rng.standard_normal(n).astype(np.float32))
grads = [tr.from_numpy(rng.standard_normal(n).astype(np.float32)) for _ in range(3)]
opt = SGD(params, lr=0.1)
for g in grads:
    opt.step(g)
print(opt.steps, params.to_numpy()[:4])

"""Plain SGD on a flat parameter vector, written as a small optimizer class."""

from dataclasses import dataclass, field

import numpy as np
from llmcove import axpy

import tilert as tr


@dataclass
class SGD:
    params: tr.Tensor
    lr: float = 0.01
    steps: int = field(default=0)

    def step(self, grad: tr.Tensor) -> None:
        axpy(self.params, grad, -self.lr).sync()  # expect: TC106
        self.steps += 1


n = 2048
rng = np.random.default_rng(1)
params = tr.from_numpy(rng.standard_normal(n).astype(np.float32))
grad = tr.from_numpy(rng.standard_normal(n).astype(np.float32))
opt = SGD(params, lr=0.1)
opt.step(grad)  # expect-also: TC106
print(opt.steps, params.to_numpy()[:4])

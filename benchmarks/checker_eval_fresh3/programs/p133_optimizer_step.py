from __future__ import annotations

import numpy as np
from llmhost.kernels import axpy

import tilert as tr


class SGD:
    def __init__(self, params: list[tr.Tensor], lr: float) -> None:
        self.params = params
        self.lr = lr

    def step(self, grads: list[tr.Tensor]) -> None:
        pendings = [
            axpy(p.partition((16,)), g, -self.lr).submit()
            for p, g in zip(self.params, grads, strict=True)
        ]
        for pending in pendings:
            pending.wait()


params = [tr.ones((64,)), tr.full((64,), 2.0)]
opt = SGD(params, lr=0.5)
grads = [tr.ones((64,)), tr.ones((64,))]
for _ in range(2):
    opt.step(grads)
assert np.allclose(params[0].to_numpy(), 0.0)
assert np.allclose(params[1].to_numpy(), 1.0)
print("sgd ok")

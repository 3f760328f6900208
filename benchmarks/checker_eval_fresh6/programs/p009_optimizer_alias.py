"""A training step with gradient accumulation and an SGD optimizer object. The optimizer's
weight-decay step passes the parameter as its own input."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

N, TILE = 64, 16


class SGD:
    def __init__(self, params: list[tr.Tensor], grads: list[tr.Tensor], lr: float) -> None:
        self.params = params
        self.grads = grads
        self.lr = lr

    def decay(self, wd: float) -> None:
        for p in self.params:
            k.axpy(p.partition((TILE,)), p, -wd).sync()  # expect: TC101

    def step(self) -> None:
        for p, g in zip(self.params, self.grads, strict=True):
            k.axpy(p.partition((TILE,)), g, -self.lr).sync()


w = tr.from_numpy(np.ones(N, np.float32))
g = tr.zeros((N,))
for micro in range(4):
    x = tr.full((N,), float(micro))
    k.acc(g.partition((TILE,)), x).sync()
opt = SGD([w], [g], lr=0.1)
opt.step()
opt.decay(0.01)  # expect-also

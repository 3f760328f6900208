from __future__ import annotations

import numpy as np
from llmhost.kernels import axpy

import tilert as tr


class SGD:
    def __init__(self, params: list[tr.Tensor], lr: float) -> None:
        self.params = params
        self.lr = lr
        self.pending: list[tr.Pending] = []

    def step_async(self, grads: list[tr.Tensor]) -> None:
        for p, g in zip(self.params, grads, strict=True):
            self.pending.append(axpy(p.partition((16,)), g, -self.lr).submit())

    def zero_grad(self, grads: list[tr.Tensor]) -> None:
        for g in grads:
            g.copy_from(np.zeros(g.shape, dtype=np.float32))  # expect: TC103

    def synchronize(self) -> None:
        while self.pending:
            self.pending.pop().wait()


params = [tr.ones((64,)), tr.ones((64,))]
grads = [tr.ones((64,)), tr.ones((64,))]
opt = SGD(params, lr=0.1)
opt.step_async(grads)
opt.zero_grad(grads)  # expect-also
opt.synchronize()

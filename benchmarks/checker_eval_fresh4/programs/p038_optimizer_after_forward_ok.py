"""An SGD step after the forward pass that reads the weights was waited."""

from __future__ import annotations

import numpy as np
from llmrun.host import project, weights
from llmrun.kernels import axpy

import tilert as tr


class SGD:
    def __init__(self, params: list[tr.Tensor], lr: float) -> None:
        self.params = params
        self.lr = lr

    def step(self, grads: list[tr.Tensor]) -> None:
        for p, g in zip(self.params, grads, strict=True):
            axpy(p.reshape(-1).partition((64,)), g.reshape(-1), -self.lr).sync()


w, w_np = weights(32, 32)
grad = tr.full((32, 32), 0.01)
x = tr.ones((32,))
y = tr.zeros((32,))
opt = SGD([w], lr=0.1)
fwd = project(y, w, x).submit()
fwd.wait()
opt.step([grad])
assert np.allclose(w.to_numpy(), w_np - 0.001, atol=1e-6)
assert np.allclose(y.to_numpy(), w_np.sum(axis=1), atol=1e-4)

"""A training loop: the forward is submitted (it reads the weights), and the optimizer step
partitions the same weights before the forward is waited."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

N = 64


class Model:
    def __init__(self) -> None:
        self.w = tr.ones((N,), name="w")
        self.act = tr.zeros((N,))

    def forward(self, x: tr.Tensor) -> tr.Pending:
        return k.mul(self.act.partition((16,)), x, self.w).submit()


class Optimizer:
    def __init__(self, model: Model, lr: float) -> None:
        self.model = model
        self.lr = lr

    def step(self, grad: tr.Tensor) -> None:
        k.axpy(self.model.w.partition((16,)), grad, -self.lr).sync()  # expect: TC103


model = Model()
opt = Optimizer(model, 0.01)
x = tr.ones((N,))
grad = tr.full((N,), 0.5)
fwd = model.forward(x)
opt.step(grad)  # expect-also
fwd.wait()

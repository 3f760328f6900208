"""An optimizer base class with a momentum subclass: `step` submits every parameter group's
updates, `zero_grad` waits them before it refills the gradients."""

import numpy as np
from llmweave.kernels import axpy, fill, sgd

import tilert as tr


class Optimizer:
    def __init__(self, params: list[tr.Tensor], grads: list[tr.Tensor], lr: float) -> None:
        self.groups = [{"param": p, "grad": g} for p, g in zip(params, grads, strict=True)]
        self.lr = lr
        self.inflight: list[tr.Pending] = []

    def update(self, group: dict[str, tr.Tensor]) -> tr.Pending:
        return sgd(group["param"].partition((16,)), group["grad"], self.lr).submit()

    def step(self) -> None:
        self.inflight.extend(self.update(g) for g in self.groups)

    def zero_grad(self) -> None:
        for p in self.inflight:
            p.wait()
        self.inflight.clear()
        for g in self.groups:
            fill(g["grad"].partition((16,)), 0.0).sync()


class Momentum(Optimizer):
    def __init__(self, params: list[tr.Tensor], grads: list[tr.Tensor], lr: float) -> None:
        super().__init__(params, grads, lr)
        self.velocity = [tr.zeros((64,)) for _ in params]

    def step(self) -> None:
        for v, g in zip(self.velocity, self.groups, strict=True):
            axpy(v.partition((16,)), g["grad"], 1.0).sync()
        super().step()


params = [tr.ones((64,)) for _ in range(2)]
grads = [tr.ones((64,)) for _ in range(2)]
opt = Momentum(params, grads, 0.5)
opt.step()
opt.zero_grad()
opt.step()
opt.zero_grad()
assert all(np.allclose(p.to_numpy(), 0.5) for p in params)
print("optimizer ok")

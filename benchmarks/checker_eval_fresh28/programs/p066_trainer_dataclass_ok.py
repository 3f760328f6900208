"""A trainer dataclass: the parameter is partitioned in each step."""

from dataclasses import dataclass

from llmdelta import axpy, mul

import tilert as tr


@dataclass
class Trainer:
    param: tr.Tensor
    grad: tr.Tensor
    lr: float = 0.05

    def step(self) -> None:
        axpy(self.param.partition((128,)), self.grad, -self.lr).sync()


D = 512
t = Trainer(tr.ones((D,), name="param"), tr.full((D,), 2.0, name="grad"))
for _ in range(3):
    t.step()
pred = tr.zeros((D,))
mul(pred.partition((128,)), t.param, t.grad).sync()
assert abs(pred.to_numpy()[0] - 1.4) < 1e-6
print(pred.to_numpy()[0])

"""A trainer dataclass holding the parameter's partition between steps."""

from dataclasses import dataclass

from llmdelta import axpy, mul

import tilert as tr


@dataclass
class Trainer:
    param: tr.Tensor
    grad: tr.Tensor
    lr: float = 0.05

    def __post_init__(self) -> None:
        self.param_tiles = self.param.partition((128,))

    def step(self) -> None:
        axpy(self.param_tiles, self.grad, -self.lr).sync()
        self.param_tiles = self.param.partition((128,))


D = 512
t = Trainer(tr.ones((D,), name="param"), tr.full((D,), 2.0, name="grad"))
for _ in range(3):
    t.step()
pred = tr.zeros((D,))
mul(pred.partition((128,)), t.param, t.grad).sync()  # expect: TC104
print(pred.to_numpy()[0])

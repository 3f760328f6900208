"""Gradient accumulation over micro-batches, in a class; the step averages and applies."""

from dataclasses import dataclass

import numpy as np
from trainkit import TILE, accumulate, fill, scale, sgd_step

import tilert as tr


@dataclass
class Accumulator:
    grad: tr.Tensor
    count: int = 0

    def reset(self) -> None:
        fill(self.grad.partition((TILE,)), 0.0).sync()
        self.count = 0

    def add(self, micro_grad: tr.Tensor) -> tr.Pending:
        self.count += 1
        return accumulate(self.grad.partition((TILE,)), micro_grad).submit()


class Trainer:
    def __init__(self, n: int, accum_steps: int) -> None:
        self.param = tr.ones((n,), name="param")
        self.acc = Accumulator(tr.zeros((n,), name="grad"))
        self.accum_steps = accum_steps
        self.rng = np.random.default_rng(17)

    def micro_batch(self) -> tr.Tensor:
        return tr.from_numpy(self.rng.standard_normal(self.param.shape[0]).astype(np.float32))

    def train_step(self) -> float:
        self.acc.reset()
        for _ in range(self.accum_steps):
            pend = self.acc.add(self.micro_batch())
            pend.wait()
        scale(self.acc.grad.partition((TILE,)), 1.0 / self.acc.count).sync()
        sgd_step(self.param.partition((TILE,)), self.acc.grad, 0.05).sync()
        return float(np.abs(self.acc.grad.to_numpy()).mean())


trainer = Trainer(1024, accum_steps=4)
for step in range(3):
    print(step, trainer.train_step())

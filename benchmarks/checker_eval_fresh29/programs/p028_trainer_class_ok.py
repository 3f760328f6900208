"""A small trainer: parameters and scratch owned by the object, a step method, a log method."""

import numpy as np
from llmreef import axpy, scale

import tilert as tr


class Trainer:
    def __init__(self, n: int, lr: float) -> None:
        rng = np.random.default_rng(5)
        self.weight = tr.from_numpy(rng.standard_normal(n).astype(np.float32), name="weight")
        self.grad = tr.zeros((n,), name="grad")
        self.lr = lr
        self.pending: tr.Pending | None = None

    def compute_grad(self) -> None:
        scale(self.grad.partition((256,)), self.weight, 2.0).sync()

    def step(self) -> None:
        self.compute_grad()
        self.pending = axpy(self.weight.partition((256,)), self.grad, -self.lr).submit()

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None

    def loss(self) -> float:
        w = self.weight.to_numpy()
        return float(np.dot(w, w))


trainer = Trainer(1024, 0.1)
for it in range(3):
    trainer.step()
    trainer.finish()
    print(it, trainer.loss())

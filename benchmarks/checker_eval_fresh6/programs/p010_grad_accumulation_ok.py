"""Gradient accumulation over micro-batches, then an optimizer step: micro-batch gradients are
submitted, accumulated into one buffer after each wait, and the weights updated from it."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

N, TILE, MICRO = 64, 16, 4


class Trainer:
    def __init__(self) -> None:
        self.w = tr.ones((N,), name="w")
        self.grad = tr.zeros((N,), name="grad")
        self.micro = [tr.zeros((N,)) for _ in range(MICRO)]

    def backward(self, batch: list[np.ndarray]) -> list[tr.Pending]:
        pending = []
        for buf, xs in zip(self.micro, batch, strict=True):
            x = tr.from_numpy(xs)
            pending.append(k.mul(buf.partition((TILE,)), x, self.w).submit())
        return pending

    def accumulate(self, pending: list[tr.Pending]) -> None:
        for buf, p in zip(self.micro, pending, strict=True):
            p.wait()
            k.acc(self.grad.partition((TILE,)), buf).sync()

    def step(self, lr: float) -> None:
        k.axpy(self.w.partition((TILE,)), self.grad, -lr / MICRO).sync()
        k.fill(self.grad.partition((TILE,)), 0.0).sync()


trainer = Trainer()
batch = [np.full(N, float(i + 1), np.float32) for i in range(MICRO)]
trainer.accumulate(trainer.backward(batch))
trainer.step(0.1)
expect = 1.0 - 0.1 * (1 + 2 + 3 + 4) / MICRO
assert np.allclose(trainer.w.to_numpy(), expect), trainer.w.to_numpy()
print(trainer.w.to_numpy()[:2])

"""Snapshot the weights into a shadow buffer before each update (EMA-style checkpointing)."""

import numpy as np
from llmquay import axpy, copy

import tilert as tr

N = 2048


class Trainer:
    def __init__(self) -> None:
        self.w = tr.from_numpy(np.ones(N, dtype=np.float32))
        self.shadow = tr.zeros((N,), name="shadow")
        self.grad = tr.full((N,), 0.5)

    def snapshot(self) -> None:
        copy(self.shadow.partition((512,)), self.w).submit()  # expect: TC108

    def step(self, lr: float) -> None:
        self.snapshot()  # expect-also: TC108
        axpy(self.w.partition((512,)), self.grad, -lr).sync()


trainer = Trainer()
trainer.step(0.1)
print(trainer.w.to_numpy()[:2])

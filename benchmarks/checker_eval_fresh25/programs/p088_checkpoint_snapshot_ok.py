"""Snapshot the weights into a shadow buffer before each update."""

import numpy as np
from llmquay import axpy, copy

import tilert as tr

N = 2048


class Trainer:
    def __init__(self) -> None:
        self.w = tr.from_numpy(np.ones(N, dtype=np.float32))
        self.shadow = tr.zeros((N,), name="shadow")
        self.grad = tr.full((N,), 0.5)
        self._snap: tr.Pending | None = None

    def snapshot(self) -> None:
        self._snap = copy(self.shadow.partition((512,)), self.w).submit()

    def step(self, lr: float) -> None:
        self.snapshot()
        if self._snap is not None:
            self._snap.wait()  # the copy reads w: finish it before the update writes w
            self._snap = None
        axpy(self.w.partition((512,)), self.grad, -lr).sync()


trainer = Trainer()
trainer.step(0.1)
assert float(trainer.shadow.to_numpy()[0]) == 1.0
print(trainer.w.to_numpy()[:2])

"""A trainer that overlaps the next forward with bookkeeping, then steps the optimizer."""

import numpy as np
from llmquill import axpy

import tilert as tr
import tilert.kernels as tk

B, D = 4, 32


class Trainer:
    def __init__(self) -> None:
        rng = np.random.default_rng(52)
        self.w = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32), name="w")
        self.grad = tr.full((D * D,), 0.01)
        self.y = tr.empty((B, D))
        self.fwd: tr.Pending | None = None

    def forward(self, x: tr.Tensor) -> None:
        self.fwd = tk.gemm(self.y, x, self.w).submit()

    def step(self) -> None:
        if self.fwd is not None:
            self.fwd.wait()
            self.fwd = None
        axpy(self.w.reshape(D * D).partition((256,)), self.grad, -0.1).sync()

    def finish(self) -> float:
        return float(self.y.to_numpy().sum())


trainer = Trainer()
trainer.forward(tr.ones((B, D)))
trainer.step()
print(trainer.finish())

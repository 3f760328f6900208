"""A small trainer that owns its parameters and launches the update in a method."""

import numpy as np
from trainkit import TILE, sgd_step

import tilert as tr


class Trainer:
    def __init__(self, n: int, lr: float) -> None:
        self.lr = lr
        self.param = tr.from_numpy(np.linspace(-1, 1, n, dtype=np.float32), name="param")
        self.grad = tr.zeros((n,), name="grad")
        self.pending: tr.Pending | None = None

    def step(self, grad_np: np.ndarray) -> None:
        self.grad.copy_from(grad_np)
        self.pending = sgd_step(self.param.partition((TILE,)), self.grad, self.lr).submit()

    def log(self, it: int) -> None:
        norm = float(np.linalg.norm(self.param.to_numpy()))
        print(f"iter {it}: |param| = {norm:.4f}")

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


trainer = Trainer(1024, lr=0.05)
rng = np.random.default_rng(0)
for it in range(3):
    trainer.finish()
    trainer.step(rng.standard_normal(1024).astype(np.float32))
    trainer.finish()
    trainer.log(it)

"""A trainer whose after-step hook is bound at run time with types.MethodType."""

import types

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Trainer:
    def __init__(self, n: int) -> None:
        self.pred = upload(np.linspace(0, 1, n))
        self.target = upload(np.full(n, 0.5))
        self.err = tr.zeros((n,), name="err")
        self.history: list[float] = []

    def on_step(self) -> None:  # replaced by a plugin
        pass

    def step(self) -> None:
        pending = K.axpy(tiles(self.err), self.target, self.pred, -1.0).submit()
        pending.wait()
        self.on_step()


def log_mse(self: Trainer) -> None:
    self.history.append(float((self.err.to_numpy() ** 2).mean()))


trainer = Trainer(64)
trainer.on_step = types.MethodType(log_mse, trainer)
for _ in range(2):
    trainer.step()
expect = float(((np.linspace(0, 1, 64) - 0.5) ** 2).mean())
assert all(abs(h - expect) < 1e-6 for h in trainer.history)

"""A trainer that waits its step before it runs the registered hooks."""

from collections.abc import Callable

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Trainer:
    def __init__(self, n: int) -> None:
        self.loss = tr.zeros((n,))
        self.hooks: list[Callable[[], None]] = []
        self.history: list[float] = []

    def on_step(self, fn: Callable[[], None]) -> Callable[[], None]:
        self.hooks.append(fn)
        return fn

    def step(self, pred: tr.Tensor[tr.f32], target: tr.Tensor[tr.f32]) -> None:
        pending = K.add(tiles(self.loss), pred, target).submit()
        pending.wait()
        for hook in self.hooks:
            hook()


trainer = Trainer(64)


@trainer.on_step
def log_loss() -> None:
    trainer.history.append(float(trainer.loss.to_numpy().sum()))


trainer.step(vec(np.full(64, 0.5)), vec(np.full(64, 0.25)))
assert trainer.history == [48.0]

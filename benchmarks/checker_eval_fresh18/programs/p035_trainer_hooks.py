"""A trainer that runs its registered hooks right after submitting the step, before it waits;
the loss-logging hook reads the loss buffer."""

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
        for hook in self.hooks:
            hook()  # expect-also
        pending.wait()


trainer = Trainer(64)


@trainer.on_step
def log_loss() -> None:
    trainer.history.append(float(trainer.loss.to_numpy().sum()))  # expect: TC102


trainer.step(vec(np.ones(64)), vec(-np.ones(64)))
print(trainer.history)

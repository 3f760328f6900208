"""A recurrent-style generation state kept in a dataclass: each step partitions the
hidden state for its own update, snapshot() copies the state to the host."""

from dataclasses import dataclass, field

import numpy as np
from infercore import axpy, fill

import tilert as tr

HIDDEN = 128


@dataclass
class GenState:
    hidden: tr.Tensor = field(default_factory=lambda: tr.zeros((HIDDEN,), name="hidden"))
    steps: int = 0

    def reset(self) -> None:
        fill(self.hidden.partition((64,)), 0.0).sync()
        self.steps = 0

    def step(self, delta: tr.Tensor) -> None:
        axpy(self.hidden.partition((64,)), delta, 0.9).sync()
        self.steps += 1

    def snapshot(self) -> np.ndarray:
        return self.hidden.to_numpy().copy()


state = GenState()
state.reset()
rng = np.random.default_rng(30)
history = []
for _ in range(3):
    state.step(tr.from_numpy(rng.standard_normal(HIDDEN).astype(np.float32)))
    history.append(state.snapshot())
print([float(h.sum()) for h in history])

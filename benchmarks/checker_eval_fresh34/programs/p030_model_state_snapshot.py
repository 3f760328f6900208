"""A recurrent-style generation state kept in a dataclass: reset() prepares the hidden
state's output partition for the next step, snapshot() copies the state to the host."""

from dataclasses import dataclass, field

import numpy as np
from infercore import axpy, fill

import tilert as tr

HIDDEN = 128


@dataclass
class GenState:
    hidden: tr.Tensor = field(default_factory=lambda: tr.zeros((HIDDEN,), name="hidden"))
    steps: int = 0
    part: tr.Partition | None = None

    def reset(self) -> None:
        fill(self.hidden.partition((64,)), 0.0).sync()
        self.part = self.hidden.partition((64,))
        self.steps = 0

    def step(self, delta: tr.Tensor) -> None:
        axpy(self.part, delta, 0.9).sync()
        self.part = self.hidden.partition((64,))
        self.steps += 1

    def snapshot(self) -> np.ndarray:
        return self.hidden.to_numpy().copy()  # expect: TC104


state = GenState()
state.reset()
rng = np.random.default_rng(30)
history = []
for _ in range(3):
    state.step(tr.from_numpy(rng.standard_normal(HIDDEN).astype(np.float32)))
    history.append(state.snapshot())  # expect-also: TC104
print([float(h.sum()) for h in history])

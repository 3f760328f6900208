"""SGD with momentum on a flat parameter vector, state kept in a dataclass."""

from dataclasses import dataclass, field

from llmquill import axpy, scale

import tilert as tr

N = 2048


@dataclass
class SGDState:
    params: tr.Tensor
    momentum: tr.Tensor = field(default_factory=lambda: tr.zeros((N,)))
    scratch: tr.Tensor = field(default_factory=lambda: tr.empty((N,)))
    lr: float = 0.1
    beta: float = 0.9
    step: int = 0

    def update(self, grad: tr.Tensor) -> None:
        scale(self.scratch.partition((512,)), self.momentum, self.beta).sync()
        axpy(self.scratch.partition((512,)), grad, 1.0).sync()
        scale(self.momentum.partition((512,)), self.scratch, 1.0).sync()
        axpy(self.params.partition((512,)), self.momentum, -self.lr).sync()
        self.step += 1


state = SGDState(params=tr.ones((N,)))
for i in range(3):
    state.update(tr.full((N,), 0.01 * (i + 1)))
print(state.step, float(state.params.to_numpy()[0]))

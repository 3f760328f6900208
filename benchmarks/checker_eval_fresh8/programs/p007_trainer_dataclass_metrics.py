"""A trainer dataclass whose buffers come from default factories; `step` submits and keeps the
Pendings, `metrics` waits them in another method before it reads."""

from dataclasses import dataclass, field

import numpy as np
from llmweave.kernels import accumulate, sgd

import tilert as tr


@dataclass
class Trainer:
    n: int = 64
    lr: float = 0.25
    weight: tr.Tensor = field(default_factory=lambda: tr.ones((64,)))
    grad: tr.Tensor = field(default_factory=lambda: tr.full((64,), 2.0))
    seen: tr.Tensor = field(default_factory=lambda: tr.zeros((64,)))
    inflight: list[tr.Pending] = field(default_factory=list)

    def step(self) -> None:
        self.inflight.append(sgd(self.weight.partition((16,)), self.grad, self.lr).submit())
        self.inflight.append(accumulate(self.seen.partition((16,)), self.grad).submit())

    def metrics(self) -> dict[str, float]:
        while self.inflight:
            self.inflight.pop().wait()
        return {"w": float(self.weight.to_numpy()[0]), "seen": float(self.seen.to_numpy()[0])}


t = Trainer()
for _ in range(1):
    t.step()
m = t.metrics()
t.step()
m = t.metrics()
assert np.isclose(m["w"], 0.0) and np.isclose(m["seen"], 4.0)
print(m)

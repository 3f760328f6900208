"""A dataclass request whose __post_init__ allocates its buffers; `run` submits and keeps the
Pending, and the `result` property waits it before reading."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmforge import kernels as k

import tilert as tr


@dataclass
class Request:
    rid: int
    width: int = 64
    out: tr.Tensor = field(init=False)
    pending: tr.Pending | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.out = tr.zeros((self.width,), name=f"req{self.rid}")

    def run(self, x: tr.Tensor) -> None:
        self.pending = k.scale(self.out.partition((16,)), x, float(self.rid)).submit()

    @property
    def result(self) -> float:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return float(self.out.to_numpy().sum())


x = tr.ones((64,))
reqs = [Request(i) for i in range(3)]
for r in reqs:
    r.run(x)
totals = [r.result for r in reqs]
assert totals == [0.0, 64.0, 128.0], totals
print(totals, np.sum(totals))

"""Experts as dataclasses holding their last Pending in an attribute; a `ready` property waits
it, and the router reads outputs only through `ready`."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmroute import kernels as K

import tilert as tr


@dataclass
class Expert:
    name: str
    gate: tr.Tensor
    out: tr.Tensor = field(init=False)
    pending: tr.Pending | None = None

    def __post_init__(self) -> None:
        self.out = tr.zeros(self.gate.shape, name=f"{self.name}_out")

    def dispatch(self, x: tr.Tensor) -> None:
        self.pending = K.mul(self.out.partition((16,)), x, self.gate).submit()

    @property
    def ready(self) -> tr.Tensor:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return self.out


experts = [Expert(f"e{i}", tr.full((64,), float(i))) for i in range(3)]
x = tr.ones((64,))
for e in experts:
    e.dispatch(x)
total = sum(e.ready.to_numpy() for e in experts)
assert np.all(total == 3.0)
print("experts ok")

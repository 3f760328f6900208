"""KV slots as dataclasses: writes recorded in a list field, settled before the report."""

from dataclasses import dataclass, field

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32


@dataclass
class Slot:
    key: tr.Tensor = field(default_factory=lambda: tr.zeros((8,), dtype=f32))
    val: tr.Tensor = field(default_factory=lambda: tr.zeros((8,), dtype=f32))
    writes: list[tr.Pending] = field(default_factory=list)

    def write(self, src: tr.Tensor) -> None:
        self.writes.append(k.copy(tiles(self.key), src).submit())
        self.writes.append(k.scale(tiles(self.val), src, 2.0).submit())

    @property
    def busy(self) -> bool:
        return bool(self.writes)

    def settle(self) -> None:
        while self.writes:
            self.writes.pop().wait()

    def report(self) -> tuple[float, float]:
        if self.busy:
            self.settle()
        return float(self.key.to_numpy()[0]), float(self.val.to_numpy()[0])


slots = [Slot() for _ in range(3)]
src = tr.ones((8,), dtype=f32)
for s in slots:
    s.write(src)
assert [s.report() for s in slots] == [(1.0, 2.0)] * 3
assert np.all(slots[2].val.to_numpy() == 2.0)

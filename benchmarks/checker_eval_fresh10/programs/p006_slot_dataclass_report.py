"""KV slots as dataclasses with default_factory buffers; a report reads a slot mid-write."""

from dataclasses import dataclass, field

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

    def report(self) -> str:
        return f"k0={self.key.to_numpy()[0]} v0={self.val.to_numpy()[0]}"  # expect: TC102

    def settle(self) -> None:
        for p in self.writes:
            p.wait()
        self.writes.clear()


slots = [Slot() for _ in range(2)]
src = tr.ones((8,), dtype=f32)
for s in slots:
    s.write(src)
print(slots[0].report())  # expect-also
for s in slots:
    s.settle()

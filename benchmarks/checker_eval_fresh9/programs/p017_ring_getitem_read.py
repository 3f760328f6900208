"""A ring of activation slots indexed like a list; each push copies into the next slot."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Ring:
    def __init__(self, slots: int, width: int) -> None:
        self.slots = [tr.zeros((width,), name=f"slot{i}") for i in range(slots)]
        self.pending: list[tr.Pending[Any] | None] = [None] * slots
        self.head = 0

    def __getitem__(self, i: int) -> tr.Tensor[tr.f32]:
        return self.slots[i % len(self.slots)]

    def push(self, src: tr.Tensor[tr.f32]) -> int:
        i = self.head % len(self.slots)
        prev = self.pending[i]
        if prev is not None:
            prev.wait()
        self.pending[i] = k.copy(tiles(self.slots[i]), src).submit()
        self.head += 1
        return i

    def drain(self) -> None:
        for p in self.pending:
            if p is not None:
                p.wait()


ring = Ring(3, 8)
for step in range(5):
    slot = ring.push(tr.full((8,), float(step)))
print(ring[slot].to_numpy())  # expect: TC102
ring.drain()

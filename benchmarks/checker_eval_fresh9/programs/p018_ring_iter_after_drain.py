"""A ring buffer iterated with __iter__ once its copies are drained."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Ring:
    def __init__(self, slots: int, width: int) -> None:
        self.slots = [tr.zeros((width,)) for _ in range(slots)]
        self.pending: list[tr.Pending[Any]] = []
        self.head = 0

    def push(self, src: tr.Tensor[tr.f32]) -> None:
        if len(self.pending) == len(self.slots):
            self.pending.pop(0).wait()
        slot = self.slots[self.head % len(self.slots)]
        self.pending.append(k.copy(tiles(slot), src).submit())
        self.head += 1

    def drain(self) -> None:
        while self.pending:
            self.pending.pop(0).wait()

    def __iter__(self) -> Iterator[tr.Tensor[tr.f32]]:
        return iter(self.slots)


ring = Ring(2, 4)
for v in range(5):
    ring.push(tr.full((4,), float(v)))
ring.drain()
seen = sorted(float(t.to_numpy()[0]) for t in ring)
assert seen == [3.0, 4.0], seen
print(np.stack([t.to_numpy() for t in ring]))

"""A ring of staging slots, each with the Pending of the copy into it; a slot is reused only
after its previous copy was waited."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import copy

import tilert as tr

N = 32


class Ring:
    def __init__(self, slots: int) -> None:
        self.slots = [tr.zeros((N,), name=f"slot{i}") for i in range(slots)]
        self.inflight: list[tr.Pending | None] = [None] * slots
        self.head = 0

    def push(self, src: tr.Tensor) -> int:
        i = self.head % len(self.slots)
        prev = self.inflight[i]
        if prev is not None:
            prev.wait()
        self.inflight[i] = copy(self.slots[i].partition((16,)), src).submit()
        self.head += 1
        return i

    def drain(self) -> None:
        for i, p in enumerate(self.inflight):
            if p is not None:
                p.wait()
                self.inflight[i] = None


ring = Ring(3)
sources = [tr.full((N,), float(v)) for v in range(7)]
for s in sources:
    ring.push(s)
ring.drain()
values = sorted(float(slot.to_numpy()[0]) for slot in ring.slots)
assert values == [4.0, 5.0, 6.0], values
print("ring ok", np.asarray(values))

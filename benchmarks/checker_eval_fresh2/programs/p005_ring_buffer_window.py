"""A ring buffer of activation slots with at most two writes in flight; drained at the end."""

from __future__ import annotations

from collections import deque

import numpy as np
from llmserve.kernels import fill

import tilert as tr


class RingBuffer:
    def __init__(self, slots: int, n: int) -> None:
        self.slots = [tr.zeros((n,), name=f"slot{i}") for i in range(slots)]
        self.head = 0
        self.inflight: deque[tr.Pending] = deque()

    def push(self, value: float) -> None:
        slot = self.slots[self.head % len(self.slots)]
        self.inflight.append(fill(slot.partition((64,)), value).submit())
        self.head += 1
        if len(self.inflight) >= len(self.slots):
            self.inflight.popleft().wait()

    def drain(self) -> None:
        while self.inflight:
            self.inflight.popleft().wait()

    def snapshot(self) -> list[float]:
        return [float(s.to_numpy()[0]) for s in self.slots]


def main() -> None:
    ring = RingBuffer(3, 256)
    for step in range(7):
        ring.push(float(step))
    ring.drain()
    snap = ring.snapshot()
    np.testing.assert_allclose(sorted(snap), [4.0, 5.0, 6.0])
    print(snap)


if __name__ == "__main__":
    main()

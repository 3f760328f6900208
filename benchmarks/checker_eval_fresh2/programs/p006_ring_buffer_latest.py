"""A ring buffer whose `latest()` returns the newest slot's values for logging."""

from __future__ import annotations

from collections import deque

import numpy as np
from llmserve.kernels import fill

import tilert as tr


class RingBuffer:
    def __init__(self, slots: int, n: int) -> None:
        self.slots = [tr.zeros((n,)) for _ in range(slots)]
        self.head = 0
        self.inflight: deque[tr.Pending] = deque()

    def push(self, value: float) -> None:
        slot = self.slots[self.head % len(self.slots)]
        self.inflight.append(fill(slot.partition((64,)), value).submit())
        self.head += 1
        if len(self.inflight) >= len(self.slots):
            self.inflight.popleft().wait()

    def latest(self) -> np.ndarray:
        return self.slots[(self.head - 1) % len(self.slots)].to_numpy()  # expect: TC102

    def drain(self) -> None:
        while self.inflight:
            self.inflight.popleft().wait()


def main() -> None:
    ring = RingBuffer(4, 256)
    for step in range(6):
        ring.push(float(step))
        if step % 3 == 2:
            print("step", step, ring.latest()[:2])  # expect-also
    ring.drain()


if __name__ == "__main__":
    main()

"""A ring buffer whose reserve() returns (index, partition) tuples kept in a deque until they
are filled; peek() reads the newest slot while its reservation is still queued."""

from __future__ import annotations

from collections import deque

from llmroute import kernels as K

import tilert as tr


class Ring:
    def __init__(self, n: int, width: int) -> None:
        self.buf = tr.zeros((n, width), name="ring")
        self.head = 0
        self.reserved: deque[tuple[int, tr.Partition]] = deque()

    def reserve(self) -> int:
        i = self.head % self.buf.shape[0]
        self.head += 1
        self.reserved.append((i, self.buf[i].partition((16,))))
        return i

    def fill_oldest(self, value: float) -> None:
        _, part = self.reserved.popleft()
        K.fill(part, value).sync()

    def peek(self, i: int) -> float:
        return float(self.buf[i].to_numpy()[0])  # expect: TC104


ring = Ring(4, 32)
a = ring.reserve()
b = ring.reserve()
ring.fill_oldest(1.0)
print(ring.peek(a))
print(ring.peek(b))  # expect-also

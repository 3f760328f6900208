"""A prefetching data loader keeps a window of (batch, Pending) in a deque; the training loop
pops the oldest, waits it, and only then reads the batch."""

from __future__ import annotations

from collections import deque

import numpy as np
from llmforge import kernels as k

import tilert as tr


class Loader:
    def __init__(self, n_batches: int, depth: int = 2) -> None:
        self.n = n_batches
        self.depth = depth
        self.window: deque[tuple[tr.Tensor, tr.Pending]] = deque()
        self.next = 0

    def _issue(self) -> None:
        src = tr.from_numpy(np.full(32, float(self.next), np.float32))
        dst = tr.empty((32,))
        self.window.append((dst, k.scale(dst.partition((16,)), src, 0.5).submit()))
        self.next += 1

    def __iter__(self) -> Loader:
        return self

    def __next__(self) -> tr.Tensor:
        while self.next < self.n and len(self.window) < self.depth:
            self._issue()
        if not self.window:
            raise StopIteration
        batch, pending = self.window.popleft()
        pending.wait()
        return batch


means = [float(b.to_numpy().mean()) for b in Loader(5)]
assert means == [0.5 * i for i in range(5)], means
print(means)

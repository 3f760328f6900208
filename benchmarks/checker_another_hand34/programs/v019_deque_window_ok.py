"""Embedding prefetch with a bounded window: (step, buffer, Pending) triples in a deque(maxlen=2),
the oldest popped and waited before an append could evict it."""

from __future__ import annotations

from collections import deque

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


def prefetch(table: tr.Tensor, steps: int) -> list[float]:
    window: deque[tuple[int, tr.Tensor, tr.Pending]] = deque(maxlen=2)
    sums = []
    for step in range(steps):
        if len(window) == window.maxlen:
            _, old, oldest = window.popleft()
            oldest.wait()
            sums.append(float(old.to_numpy().sum()))
        buf = tr.zeros(N, name=f"emb{step}")
        window.append((step, buf, K.scale(tiles(buf), table, step + 1.0).submit()))
    for _, buf, pending in window:
        pending.wait()
        sums.append(float(buf.to_numpy().sum()))
    return sums


if __name__ == "__main__":
    print(prefetch(upload(np.ones(N), name="table"), 5))

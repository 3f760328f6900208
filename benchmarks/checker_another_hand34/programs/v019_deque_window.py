"""Embedding prefetch with a bounded window: (step, buffer, Pending) triples appended to a
deque(maxlen=2), which silently evicts the oldest once full."""

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
        buf = tr.zeros(N, name=f"emb{step}")
        window.append((step, buf, K.scale(tiles(buf), table, step + 1.0).submit()))  # expect: TC108
    for _, buf, pending in window:
        pending.wait()
        sums.append(float(buf.to_numpy().sum()))
    return sums


if __name__ == "__main__":
    print(prefetch(upload(np.ones(N), name="table"), 5))

"""A metrics collector that keeps each batch's output and Pending in deques on the instance,
waiting only the oldest once two are in flight; summary() sums every output."""

from __future__ import annotations

from collections import deque

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


class Collector:
    def __init__(self) -> None:
        self.outputs: list[tr.Tensor] = []
        self.inflight: deque[tr.Pending] = deque()

    def record(self, batch: tr.Tensor) -> None:
        out = tr.zeros(N, name=f"m{len(self.outputs)}")
        self.outputs.append(out)
        self.inflight.append(K.scale(tiles(out), batch, 2.0).submit())
        if len(self.inflight) > 1:
            self.inflight.popleft().wait()

    def summary(self) -> float:
        return sum(float(o.to_numpy().sum()) for o in self.outputs)  # expect: TC102


if __name__ == "__main__":
    col = Collector()
    for i in range(3):
        col.record(upload(np.full(N, float(i)), name=f"batch{i}"))
    print("total", col.summary())  # expect-also
    while col.inflight:
        col.inflight.popleft().wait()

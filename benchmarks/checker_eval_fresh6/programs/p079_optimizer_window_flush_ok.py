"""Looks suspicious: the optimizer keeps a window of in-flight parameter updates in a deque
and the waits happen in another method (`flush`), which the loop calls before reading."""

from __future__ import annotations

from collections import deque

import numpy as np
from llmforge import kernels as k

import tilert as tr


class WindowedSGD:
    def __init__(self, params: list[tr.Tensor], lr: float, depth: int = 2) -> None:
        self.params = params
        self.lr = lr
        self.depth = depth
        self.inflight: deque[tr.Pending] = deque()

    def step(self, grads: list[tr.Tensor]) -> None:
        for p, g in zip(self.params, grads, strict=True):
            self.inflight.append(k.axpy(p.partition((16,)), g, -self.lr).submit())
            if len(self.inflight) > self.depth:
                self.inflight.popleft().wait()

    def flush(self) -> None:
        while self.inflight:
            self.inflight.popleft().wait()


params = [tr.ones((64,)) for _ in range(3)]
grads = [tr.full((64,), float(i)) for i in range(3)]
opt = WindowedSGD(params, lr=0.5)
opt.step(grads)
opt.flush()
values = [float(p.to_numpy()[0]) for p in params]
assert values == [1.0, 0.5, 0.0], values
print(values, np.float32(0))

"""SGD over a list of parameters: updates are submitted with at most two in flight."""

from __future__ import annotations

from collections import deque

import numpy as np
from llmdeck.kernels import axpy

import tilert as tr

N = 32


class SGD:
    def __init__(self, params: list[tr.Tensor], lr: float) -> None:
        self.params = params
        self.lr = lr

    def step(self, grads: list[tr.Tensor]) -> None:
        window: deque[tr.Pending] = deque()
        for p, g in zip(self.params, grads, strict=True):
            window.append(axpy(p.partition((16,)), g, -self.lr).submit())
            if len(window) > 2:
                window.popleft().wait()
        while window:
            window.popleft().wait()


params = [tr.ones((N,)) for _ in range(5)]
grads = [tr.full((N,), float(i)) for i in range(5)]
opt = SGD(params, 0.1)
opt.step(grads)
for i, p in enumerate(params):
    assert np.allclose(p.to_numpy(), 1 - 0.1 * i)

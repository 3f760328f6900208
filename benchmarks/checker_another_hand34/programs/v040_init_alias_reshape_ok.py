"""A momentum buffer that keeps the previous state for the update in a tensor of its own,
copied after each step."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


class Momentum:
    def __init__(self, n: int) -> None:
        self.state = tr.zeros(n, name="momentum")
        self.prev = tr.zeros(n, name="momentum_prev")

    def step(self, grad: tr.Tensor) -> np.ndarray:
        K.add(tiles(self.state), self.prev, grad).sync()
        K.copy(tiles(self.prev), self.state).sync()
        return self.state.to_numpy()


if __name__ == "__main__":
    m = Momentum(N)
    print(m.step(upload(np.ones(N), name="grad"))[:4])

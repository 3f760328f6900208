"""A momentum buffer that keeps the previous state for the update: `prev` is set in __init__ as
a reshape of the state (a view, not a copy), and step() adds the gradient to it."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


class Momentum:
    def __init__(self, n: int) -> None:
        self.state = tr.zeros(n, name="momentum")
        self.prev = self.state.reshape(-1)

    def step(self, grad: tr.Tensor) -> np.ndarray:
        K.add(tiles(self.state), self.prev, grad).sync()  # expect: TC101
        return self.state.to_numpy()


if __name__ == "__main__":
    m = Momentum(N)
    print(m.step(upload(np.ones(N), name="grad"))[:4])  # expect-also

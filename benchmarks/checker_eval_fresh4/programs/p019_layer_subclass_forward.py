"""Base and subclass layers; the subclass starts work and the caller reads the output early."""

from __future__ import annotations

import numpy as np
from llmrun.host import project, weights
from llmrun.kernels import relu

import tilert as tr


class Linear:
    def __init__(self, n: int, k: int, seed: int) -> None:
        self.w, self.w_np = weights(n, k, seed)
        self.out = tr.zeros((n,))

    def start(self, x: tr.Tensor) -> tr.Pending:
        return project(self.out, self.w, x).submit()


class LinearReLU(Linear):
    def __init__(self, n: int, k: int, seed: int) -> None:
        super().__init__(n, k, seed)
        self.act = tr.zeros((n,))

    def start(self, x: tr.Tensor) -> tr.Pending:
        super().start(x).wait()
        return relu(self.act.partition((16,)), self.out).submit()


x = tr.from_numpy(np.ones(48, dtype=np.float32))
layer = LinearReLU(32, 48, seed=1)
p = layer.start(x)
pre = layer.out.to_numpy()  # fine: relu only reads out
act = layer.act.to_numpy()  # expect: TC102
p.wait()
print(pre[:2], act[:2])

"""Base and subclass layers with start/finish; finish waits and returns the activation."""

from __future__ import annotations

import numpy as np
from llmrun.host import project, weights
from llmrun.kernels import relu

import tilert as tr


class Linear:
    def __init__(self, n: int, k: int, seed: int) -> None:
        self.w, self.w_np = weights(n, k, seed)
        self.out = tr.zeros((n,))
        self._pending: tr.Pending | None = None

    def start(self, x: tr.Tensor) -> None:
        self._pending = project(self.out, self.w, x).submit()

    def finish(self) -> np.ndarray:
        if self._pending is not None:
            self._pending.wait()
            self._pending = None
        return self.result().to_numpy()

    def result(self) -> tr.Tensor:
        return self.out


class LinearReLU(Linear):
    def __init__(self, n: int, k: int, seed: int) -> None:
        super().__init__(n, k, seed)
        self.act = tr.zeros((n,))

    def finish(self) -> np.ndarray:
        super().finish()
        relu(self.act.partition((16,)), self.out).sync()
        return self.act.to_numpy()


xs = np.ones(48, dtype=np.float32)
layer = LinearReLU(32, 48, seed=1)
layer.start(tr.from_numpy(xs))
act = layer.finish()
assert np.allclose(act, np.maximum(layer.w_np @ xs, 0), atol=1e-4)

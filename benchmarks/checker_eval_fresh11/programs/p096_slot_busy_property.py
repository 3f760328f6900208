"""A buffer object with a `busy` property; readers settle it first."""

from __future__ import annotations

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


class Buffer:
    def __init__(self, n: int) -> None:
        self.t = tr.zeros((n,))
        self._pend: tr.Pending | None = None

    @property
    def busy(self) -> bool:
        return self._pend is not None

    def write(self, x: tr.Tensor, a: float) -> None:
        if self.busy:
            self.settle()
        self._pend = K.scale(tiles(self.t), x, a).submit()

    def settle(self) -> None:
        if self._pend is not None:
            self._pend.wait()
            self._pend = None

    def read(self) -> np.ndarray:
        if self.busy:
            self.settle()
        return self.t.to_numpy()


buf = Buffer(64)
x = tr.arange(64)
for a in (1.0, 2.0, 3.0):
    buf.write(x, a)
np.testing.assert_array_equal(buf.read(), 3 * np.arange(64, dtype=np.float32))

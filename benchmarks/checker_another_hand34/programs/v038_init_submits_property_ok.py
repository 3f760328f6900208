"""A prefetch handle that submits its copy in __init__ and keeps the Pending; its `head`
property waits before it peeks at the destination (a second wait in result() is harmless)."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


class Prefetch:
    def __init__(self, src: tr.Tensor, dst: tr.Tensor) -> None:
        self.dst = dst
        self._pending = K.copy(tiles(dst), src).submit()

    @property
    def head(self) -> np.ndarray:
        self._pending.wait()
        return self.dst.to_numpy()[:4]

    def result(self) -> tr.Tensor:
        self._pending.wait()
        return self.dst


if __name__ == "__main__":
    pf = Prefetch(upload(np.arange(N), name="weights"), tr.zeros(N, name="staged"))
    print("head", pf.head)
    print(float(pf.result().to_numpy().sum()))
